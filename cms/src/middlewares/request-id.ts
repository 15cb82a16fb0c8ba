import { randomUUID } from 'node:crypto';

interface Context {
  method: string;
  path: string;
  status: number;
  state: Record<string, unknown>;
  get(name: string): string;
  set(name: string, value: string): void;
}

interface Log {
  http(message: string, meta?: Record<string, unknown>): void;
}

/** A request id a caller may hand us (the site's, a proxy's): a short token, never markup or a line break. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The incoming `x-request-id` when it is a sane token, else a new one. */
export const requestIdFrom = (header: string | undefined): string => (header && SANE_REQUEST_ID.test(header) ? header : randomUUID());

/**
 * In place of strapi::logger: every request gets an id, the site's own when it sent one
 * (`x-request-id`, the id of the page view that made the call), echoed on the answer and kept in
 * `ctx.state.requestId` (config/logger.ts adds it to every JSON log line of the request). One line
 * per request, like Strapi's: method, path (never the query string, which may carry a reset
 * token), time, status, and the id.
 */
export default (_config: unknown, { strapi }: { strapi: { log: Log } }) =>
  async (ctx: Context, next: () => Promise<void>) => {
    const requestId = requestIdFrom(ctx.get('x-request-id') || undefined);
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.ceil(performance.now() - started);
      strapi.log.http(`${ctx.method} ${ctx.path} (${ms} ms) ${ctx.status} [${requestId}]`, { reqId: requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms });
    }
  };
