/** Errors of one connection or stream: they end that transfer, never the whole site. */
const CONNECTION_ERRORS = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'UND_ERR_SOCKET',
  'UND_ERR_ABORTED',
]);

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return CONNECTION_ERRORS.has(code) || error.name === 'AbortError' || CONNECTION_ERRORS.has(String((error.cause as { code?: unknown } | undefined)?.code));
}

/**
 * The last line of defence, after the causes are handled where they happen (media streaming,
 * aborted renders): a stray connection error is logged and the site keeps serving everyone else.
 * Anything else is a bug in an unknown state: log it and exit, so the supervisor restarts clean.
 */
export function installSafetyNet(
  exit: (code: number) => void = (code) => process.exit(code),
  /** Where the lines go (the site's log in production; the console by default). */
  log: (message: string, error?: unknown) => void = (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
): void {
  process.on('uncaughtException', (error) => {
    if (isConnectionError(error)) {
      log(`[server] a connection failed outside any handler; still serving: ${error.message}`);
      return;
    }
    log('[server] fatal error, exiting for a clean restart:', error);
    exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log('[server] unhandled rejection (still serving):', reason);
  });
}
