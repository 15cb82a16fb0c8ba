/**
 * Content-service settings (spec sections 7 and 9): one place for the base address, timeout and
 * retry policy. Read on the server only.
 */
export interface ContentConfig {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Most calls to the CMS in flight at once; further calls wait their turn. */
  maxConnections: number;
}

export const CONTENT_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:1337',
  timeoutMs: 300_000, // spec 9: request timeout
  retries: 3, // spec 9: the calls marked "retried" try 3 more times
  retryDelayMs: 1_000, // spec 9: 1000 ms apart
  maxConnections: 16,
} as const satisfies ContentConfig;
