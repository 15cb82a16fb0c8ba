import qs from 'qs';
import { z } from 'zod';
import { contentConfig, type ContentConfig } from './config';

/** A failed call to the content service, named after the call so one log line says what broke. */
export class ContentError extends Error {
  constructor(
    readonly call: string,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${call}: ${message}`, options);
    this.name = 'ContentError';
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}

export interface ContentRequest<T> {
  /** The call's name for logs, e.g. "GET /api/projects". */
  call: string;
  path: string;
  query?: Record<string, unknown>;
  /** zod schema of the response's `data`. */
  schema: z.ZodType<T>;
  /** Spec 7 marks some calls "retried": 3 more attempts, 1000 ms apart. */
  retried?: boolean;
  signal?: AbortSignal;
}

type Fetch = typeof fetch;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the request URL exactly as the spec's call table reads (qs, brackets kept readable). */
export function contentUrl(baseUrl: string, path: string, query?: Record<string, unknown>): string {
  const search = query ? qs.stringify(query, { encodeValuesOnly: true }) : '';
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** The one client of the content service: base address, timeout, retries and the unwrap of `data`. */
export function createContentClient(config: ContentConfig = contentConfig(), fetchImpl: Fetch = fetch) {
  async function attempt<T>(request: ContentRequest<T>): Promise<T> {
    const url = contentUrl(config.baseUrl, request.path, request.query);
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      const reason = timeout.aborted ? `timed out after ${config.timeoutMs} ms` : `unreachable (${String(error)})`;
      throw new ContentError(request.call, reason, undefined, { cause: error });
    }
    if (!response.ok) {
      throw new ContentError(request.call, `answered ${response.status}`, response.status);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ContentError(request.call, 'answered with invalid JSON', response.status, { cause: error });
    }
    const parsed = z.object({ data: request.schema }).safeParse(body);
    if (!parsed.success) {
      throw new ContentError(request.call, `unexpected response: ${z.prettifyError(parsed.error)}`, response.status);
    }
    return parsed.data.data;
  }

  return {
    config,
    async get<T>(request: ContentRequest<T>): Promise<T> {
      const attempts = request.retried ? 1 + config.retries : 1;
      for (let n = 1; ; n += 1) {
        try {
          return await attempt(request);
        } catch (error) {
          const clientError = error instanceof ContentError && error.status !== undefined && error.status < 500;
          if (n >= attempts || clientError || request.signal?.aborted) throw error;
          await sleep(config.retryDelayMs);
        }
      }
    },
  };
}

export type ContentClient = ReturnType<typeof createContentClient>;

let shared: ContentClient | undefined;
/** The server's client, configured from the environment on first use. */
export function contentClient(): ContentClient {
  shared ??= createContentClient();
  return shared;
}
