import express, { type Router } from 'express';

export interface HealthOptions {
  cmsUrl: string;
  contentStats: () => { entries: number; oldestAgeMs: number; servedLastGood: number; refreshFailures: number };
  fetchImpl?: typeof fetch;
}

/**
 * GET /healthz: the process answers (cheap, for a load balancer's liveness check).
 * GET /healthz?deep=1: readiness with the truth about content: whether the CMS answers now, and
 * how old the oldest content the site may serve is. The site keeps serving while the CMS is down,
 * so the status stays 200 and `cms.reachable` says what is wrong.
 */
export function health({ cmsUrl, contentStats, fetchImpl = fetch }: HealthOptions): Router {
  const router = express.Router();
  router.get('/healthz', async (req, res) => {
    res.set('cache-control', 'no-store');
    if (req.query.deep === undefined) {
      res.json({ ok: true });
      return;
    }
    const started = performance.now();
    const reachable = await fetchImpl(`${cmsUrl}/_health`, { method: 'HEAD', signal: AbortSignal.timeout(1_000) })
      .then((response) => response.status < 500)
      .catch(() => false);
    const stats = contentStats();
    res.json({
      ok: true,
      cms: { reachable, checkedInMs: Math.round(performance.now() - started) },
      content: {
        cachedAnswers: stats.entries,
        oldestAgeS: Math.round(stats.oldestAgeMs / 1000),
        servedLastGood: stats.servedLastGood,
        refreshFailures: stats.refreshFailures,
      },
    });
  });
  return router;
}
