/**
 * The site's own mark, drawn until a studio uploads its logo (issue 37): a disc and a red bar, the
 * spec's two colours, no name. The favicon, the app icons and the header's mark are made from it.
 */
export const DEFAULT_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="15" cy="20" r="11" fill="#1a1a1a"/><rect x="20" y="9" width="14" height="22" fill="#ff0000"/></svg>';
