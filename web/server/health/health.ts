import express, { type Router } from 'express';

export interface ContentStats {
  entries: number;
  oldestAgeMs: number;
  servedLastGood: number;
  refreshFailures: number;
}

export interface DeepHealthOptions {
  cmsUrl: string;
  contentStats: () => ContentStats;
  fetchImpl?: typeof fetch;
}

/**
 * GET /healthz on the public site: the process answers, and nothing more (a load balancer's
 * liveness check). Whatever the query says: what the site knows of the CMS and its caches is for
 * the operator, on the metrics listener (`deepHealth`), never for anyone who asks (issue 36).
 */
export function health(): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => void res.set('cache-control', 'no-store').type('text/plain').send('ok'));
  return router;
}

/** Whether the CMS answers its health check (`/_health`) within `timeoutMs`, with anything but a 5xx. */
export function cmsAnswers(cmsUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = 1_000): Promise<boolean> {
  return fetchImpl(`${cmsUrl}/_health`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) })
    .then((response) => response.status < 500)
    .catch(() => false);
}

export type DeepHealthReport = Awaited<ReturnType<ReturnType<typeof deepHealth>>>;

/**
 * Readiness with the truth about content: whether the CMS answers now, and how old the oldest
 * content the site may serve is. The site keeps serving while the CMS is down, so this is a report,
 * not a failure. Served at GET /healthz on METRICS_HOST:METRICS_PORT, beside the metrics.
 */
export function deepHealth({ cmsUrl, contentStats, fetchImpl = fetch }: DeepHealthOptions) {
  return async () => {
    const started = performance.now();
    const reachable = await cmsAnswers(cmsUrl, fetchImpl);
    const stats = contentStats();
    return {
      ok: true,
      cms: { reachable, checkedInMs: Math.round(performance.now() - started) },
      content: {
        cachedAnswers: stats.entries,
        oldestAgeS: Math.round(stats.oldestAgeMs / 1000),
        servedLastGood: stats.servedLastGood,
        refreshFailures: stats.refreshFailures,
      },
    };
  };
}
