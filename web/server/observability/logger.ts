import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { withoutShareToken } from '../privacy/share-links';
import { batchedStdout } from './log-stream';

export type { Logger };

/** pino's levels, and `silent` (no log at all). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A request id a client or proxy may hand us: a short token, never markup or a line break. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The incoming `x-request-id` when it is a sane token (a proxy's, the CMS's caller's), else a new one. */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

export interface Logging {
  /** JSON lines on stdout (or the destination given); every line written during a request carries `reqId`. */
  logger: Logger;
  /** The id of the request this code runs for, if any. */
  currentRequestId(): string | undefined;
  /** Runs `work` as part of the request `id` (its log lines, its CMS calls). */
  runWithRequestId<T>(id: string, work: () => T): T;
  /**
   * Writes a request's access line, the very line `logger[level]({ reqId, method, path, route,
   * status, ms }, 'request')` would (same fields, same order), without pino's generic work per
   * line (issue 41, point 6). Nothing when `level` is not written.
   */
  access(level: 'info' | 'debug', line: AccessLine): void;
}

/** A number as JSON writes it (and pino): `null` for NaN and the infinities, which JSON has not. */
const finite = (value: number) => (Number.isFinite(value) ? value : null);

/** The fields of an access line, in the order they are written. */
export interface AccessLine {
  reqId: string;
  method: string;
  path: string;
  route?: string;
  status: number;
  ms: number;
}

const BASE = { service: 'site' };

/**
 * The site's log: pino, one JSON object a line. The request scope is this object's own (not a
 * module's): the production server is two bundles (main.js and the SSR build), and both hold the
 * same `Logging` that main.ts made, so a line always finds the request it belongs to.
 */
export function createLogging({ level = 'info', destination }: { level?: LogLevel; destination?: DestinationStream } = {}): Logging {
  const scope = new AsyncLocalStorage<{ reqId: string }>();
  const currentRequestId = () => scope.getStore()?.reqId;
  const timestamp = isoTimeOncePerMs();
  const stream = destination ?? batchedStdout();
  const logger = pino(
    {
      level,
      base: BASE,
      timestamp,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    stream,
  );
  // The access line by hand: pino's own path for it (the mixin, merging it with the fields,
  // serialising each by its type) was two thirds of what the log cost a warm request. The request
  // id is the line's own, as the mixin would have given it (`requestScope` writes it in the
  // request's scope). `logger.test.ts` holds it to pino's line, character for character.
  const levels = { info: pino.levels.values.info!, debug: pino.levels.values.debug! };
  const base = JSON.stringify(BASE).slice(1, -1);
  const access = (level: 'info' | 'debug', { reqId, method, path, route, status, ms }: AccessLine) => {
    if (!logger.isLevelEnabled(level)) return;
    const routeField = route === undefined ? '' : `,"route":${JSON.stringify(route)}`;
    stream.write(
      `{"level":${levels[level]}${timestamp()},${base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}${routeField},"status":${finite(status)},"ms":${finite(ms)},"msg":"request"}\n`,
    );
  };
  return { logger, currentRequestId, runWithRequestId: (id, work) => scope.run({ reqId: id }, work), access };
}

/**
 * pino's `isoTime` (`,"time":"2026-11-27T02:30:00.123Z"`), made once per millisecond: under load
 * several lines share a millisecond, and formatting the date was the largest single cost of an
 * access line (issue 41, point 6).
 */
function isoTimeOncePerMs(): () => string {
  let at = Number.NaN;
  let time = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      time = `,"time":"${new Date(now).toISOString()}"`;
    }
    return time;
  };
}

/**
 * A `(line) => void` for the modules that take one (`log` options): the line as the message at
 * `level` (kept whole: operators and tests search for "[redis] connected"), its leading
 * `[component]` also as a field.
 */
export function lineLog(logger: Logger, level: 'error' | 'warn' | 'info' = 'warn'): (line: string) => void {
  return (line) => {
    const component = /^\[([\w./:-]+)\] /.exec(line)?.[1];
    logger[level](component ? { component } : {}, line);
  };
}

/** `fetch` that tells the server it calls which request it is for (`x-request-id`), when there is one. */
export function withRequestId(fetchImpl: typeof fetch, currentRequestId: () => string | undefined): typeof fetch {
  return (input, init) => {
    const id = currentRequestId();
    if (!id) return fetchImpl(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('x-request-id', id);
    return fetchImpl(input, { ...init, headers });
  };
}

/**
 * A request's address as the log writes it: without the query string (which may carry a preview
 * token), at most 1,024 characters (longer addresses are refused with a 414 anyway), and never a
 * share link's token (issue 39: whoever reads the log would hold the link).
 */
export function loggedPath(originalUrl: string): string {
  return withoutShareToken((originalUrl.split('?')[0] ?? '/').slice(0, 1024));
}

/** What the access log (and the metrics) learn of a request once it is over. */
export interface FinishedRequest {
  reqId: string;
  method: string;
  /** The path, without the query string (which may carry a preview token). */
  path: string;
  /** Its route label (`routeOf`), when the site has one: worked out once for log and metrics. */
  route?: string;
  /** The answer's status; 499 when the client left before it was sent in full. */
  status: number;
  seconds: number;
}

/**
 * First middleware of the site: the request's id (the incoming `x-request-id` when sane, else a
 * new one), echoed on the response; the rest of the request runs in its scope; one access-log
 * line when it is over (`quiet` paths, such as the load balancer's health checks, at debug).
 * The line is only made when its level is written (`LOG_LEVEL=warn` makes none), and the route
 * label once for the line and the metrics (issue 41, point 6: watching costs little).
 */
export function requestScope(
  logging: Logging,
  { onFinish, routeOf, quiet = () => false }: { onFinish?: (request: FinishedRequest) => void; routeOf?: (path: string) => string; quiet?: (path: string) => boolean } = {},
) {
  const { logger } = logging;
  return (req: Request, res: Response, next: NextFunction) => {
    const reqId = requestIdFrom(req.get('x-request-id'));
    res.setHeader('x-request-id', reqId);
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = loggedPath(req.originalUrl);
      const level = quiet(path) ? 'debug' : 'info';
      const logged = logger.isLevelEnabled(level);
      if (!logged && !onFinish) return;
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeOf?.(path);
      if (logged) logging.access(level, { reqId, method: req.method, path, route, status, ms: Math.round(seconds * 1e4) / 10 });
      onFinish?.({ reqId, method: req.method, path, route, status, seconds });
    });
    logging.runWithRequestId(reqId, next);
  };
}
