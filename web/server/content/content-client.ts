import { setTimeout as sleep } from 'node:timers/promises';
import qs from 'qs';
import { z } from 'zod';
import { ContentError, type ContentClient, type ContentConfig, type ContentRequest } from '~/lib/content/content-api';
import { createConnectionLimit } from './connection-limit';
import type { ContentStore } from './content-store';

/** Spec 9's content-service settings, before the environment's (server/config.ts). */
export const CONTENT_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:1337',
  timeoutMs: 300_000, // spec 9: request timeout
  retries: 3, // spec 9: the calls marked "retried" try 3 more times
  retryDelayMs: 1_000, // spec 9: 1000 ms apart
  maxConnections: 16,
} as const satisfies ContentConfig;

type Fetch = typeof fetch;

/**
 * How one call to the CMS ended: `http_4xx` is the CMS saying no (no such entry), `abandoned` the
 * visitor leaving; the others but `ok` mean the CMS failed.
 */
export type ContentCallOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'unreachable' | 'invalid' | 'abandoned';

export interface ContentClientHooks {
  /** Told of every call (each attempt) to the CMS, with how long it took (the server's metrics). */
  onCall?: (call: { call: string; outcome: ContentCallOutcome; seconds: number }) => void;
}

/** Builds the request URL exactly as the spec's call table reads (qs, brackets kept readable). */
export function contentUrl(baseUrl: string, path: string, query?: Record<string, unknown>): string {
  const search = query ? qs.stringify(query, { encodeValuesOnly: true }) : '';
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** Content types with drafts (draft and publish on): what a preview reads as drafts. */
const DRAFTABLE = ['/api/projects', '/api/articles', '/api/profilelists', '/api/studio'];

/** The one client of the content service: base address, timeout, retries and the unwrap of `data`. */
export function createContentClient(config: ContentConfig = CONTENT_DEFAULTS, fetchImpl: Fetch = fetch, store?: ContentStore, hooks: ContentClientHooks = {}) {
  // A hung or slow CMS must not collect an unbounded number of open connections from the site.
  const connections = createConnectionLimit(config.maxConnections);

  /** One try, holding one of the connections from the request until the body is read. */
  async function attempt<T>(request: ContentRequest<T>): Promise<T> {
    const url = contentUrl(config.baseUrl, request.path, request.query);
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const failure = (error: unknown) => {
      const reason = timeout.aborted ? `timed out after ${config.timeoutMs} ms` : request.signal?.aborted ? 'abandoned by the visitor' : `unreachable (${String(error)})`;
      return new ContentError(request.call, reason, undefined, { cause: error, abandoned: Boolean(request.signal?.aborted) });
    };
    const outcomeOf = (error: unknown): ContentCallOutcome => {
      if (timeout.aborted) return 'timeout';
      if (request.signal?.aborted) return 'abandoned';
      const status = error instanceof ContentError ? error.status : undefined;
      if (status === undefined) return 'unreachable';
      return status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'invalid';
    };

    /** The request and its answer, read and checked. */
    async function exchange(): Promise<T> {
      let response: Response;
      try {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (request.previewSecret) headers['x-preview-secret'] = request.previewSecret;
        if (request.privately && config.siteSecret) headers['x-site-secret'] = config.siteSecret;
        response = await fetchImpl(url, { signal, headers });
      } catch (error) {
        throw failure(error);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ContentError(request.call, `answered ${response.status}`, response.status);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (signal.aborted) throw failure(error);
        throw new ContentError(request.call, 'answered with invalid JSON', response.status, { cause: error });
      }
      const parsed = request.bare ? request.schema.safeParse(body) : z.object({ data: request.schema }).transform((envelope) => envelope.data).safeParse(body);
      if (!parsed.success) {
        throw new ContentError(request.call, `unexpected response: ${z.prettifyError(parsed.error)}`, response.status);
      }
      return parsed.data;
    }

    return connections
      .run(async () => {
        const started = performance.now();
        const report = (outcome: ContentCallOutcome) => hooks.onCall?.({ call: request.call, outcome, seconds: (performance.now() - started) / 1000 });
        try {
          const value = await exchange();
          report('ok');
          return value;
        } catch (error) {
          report(outcomeOf(error));
          throw error;
        }
      }, signal)
      .catch((error: unknown) => {
        throw error instanceof ContentError ? error : failure(error);
      });
  }

  /** The spec's call: one attempt, or 1 + 3 for the calls marked "retried", 1000 ms apart. */
  async function call<T>(request: ContentRequest<T>): Promise<T> {
    const attempts = request.retried ? 1 + config.retries : 1;
    for (let n = 1; ; n += 1) {
      try {
        return await attempt(request);
      } catch (error) {
        const clientError = error instanceof ContentError && error.status !== undefined && error.status < 500;
        if (n >= attempts || clientError || request.signal?.aborted) throw error;
        await sleep(config.retryDelayMs, undefined, { signal: request.signal }).catch(() => {
          throw error;
        });
      }
    }
  }

  /** Draft preview: the drafts of the types that have them, straight from the CMS, no cache. */
  const draft = <T>(request: ContentRequest<T>, secret: string): Promise<T> => {
    if (request.privately) return call(request);
    const draftable = DRAFTABLE.some((path) => request.path === path || request.path.startsWith(`${path}/`));
    return call(draftable ? { ...request, query: { ...request.query, status: 'draft' }, previewSecret: secret } : request);
  };

  const client: ContentClient = {
    config,
    connections: () => connections.stats(),
    /**
     * Through the store when there is one: the call (timeout, retries) then serves every visitor
     * asking for the same URL and runs on even when one of them leaves; each visitor's own wait is
     * bounded by the store's deadline and their signal.
     */
    get<T>(request: ContentRequest<T>): Promise<T> {
      // A share link's item: what is published, straight from the CMS, never a draft, no cache.
      if (request.privately || !store) return call(request);
      const key = contentUrl('', request.path, request.query);
      // What is read back from a cache is checked with the schema the CMS's answer passed.
      return store.read(key, () => call({ ...request, signal: undefined }), { signal: request.signal, valid: (value) => request.schema.safeParse(value).success });
    },
    forPreview: (secret) => ({ ...client, get: (request) => draft(request, secret) }),
  };
  return client;
}

/**
 * The site's client for one request: a call (its address, and the schema it is read with) that
 * several loaders make, such as the locales, the contact details or the categories, is read once
 * and its answer shared. Made per request by the request handler; a preview's is made from the
 * preview's client.
 */
export function oncePerRequest(client: ContentClient): ContentClient {
  const made = new WeakMap<object, Map<string, Promise<unknown>>>();
  return {
    ...client,
    get<T>(request: ContentRequest<T>): Promise<T> {
      let bySchema = made.get(request.schema);
      if (!bySchema) made.set(request.schema, (bySchema = new Map()));
      const key = `${request.privately ? 'private ' : ''}${request.bare ? 'bare ' : ''}${contentUrl('', request.path, request.query)}`;
      let read = bySchema.get(key) as Promise<T> | undefined;
      if (!read) bySchema.set(key, (read = client.get(request)));
      return read;
    },
    forPreview: (secret) => oncePerRequest(client.forPreview(secret)),
  };
}
