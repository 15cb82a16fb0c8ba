/**
 * Whether the page may fetch ahead what the visitor has not asked for yet (a tile in view, the
 * next project once idle). Not when the visitor asked the browser to save data (Chrome's Data
 * Saver, `Save-Data`): then a move waits on the network, as it does for a link never seen.
 */
export function mayFetchAhead(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection;
  return connection?.saveData !== true;
}
