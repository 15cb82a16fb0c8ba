import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { ALLOWED_METHODS } from './security/request-limits';

export interface HttpLimits {
  /** Longest time to receive a whole request, headers and body (Node's default: 300 s). */
  requestTimeoutMs: number;
  /** Longest time to receive the headers. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Open connections per address, for addresses that are not trusted proxies. */
  maxConnectionsPerAddress: number;
}

/** Like a production server's: seconds, not minutes (issue 25: a stalled body was held for 300 s). */
export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerAddress: 64,
};

/**
 * The site's HTTP server: the app with production timeouts, and a cap on connections per address.
 * A trusted proxy (TRUST_PROXY) carries every visitor's connections, so it is never capped; behind
 * one, `limitPerClient` (per visitor address as the proxy reports it) does that job instead.
 */
export function createHttpServer(app: Express, limits: HttpLimits = HTTP_LIMITS): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node looks for requests over those timeouts (default 30 s: a stall would last
      // up to 45 s instead of 15).
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  // Requests Node refuses before the app sees them: the answer Node would give, but a method it
  // does not even parse (TRACK, a made-up one) or CONNECT is a 405 like TRACE, never a bare 400.
  const refuse = (socket: Duplex, status: string) => {
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  };
  const notAllowed = `405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}`;
  server.on('connect', (_req, socket: Duplex) => refuse(socket, notAllowed));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET') return void socket.destroy();
    const status =
      error.code === 'HPE_INVALID_METHOD'
        ? notAllowed
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? '431 Request Header Fields Too Large'
            : '400 Bad Request';
    refuse(socket, status);
  });
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return server;
}
