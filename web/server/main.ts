import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { serverConfig } from './config';
import { createHttpServer } from './http-server';
import { createLogging } from './observability/logger';
import { createMetrics, createMetricsServer } from './observability/metrics';
import { installSafetyNet } from './safety-net';

type Entry = typeof import('./entry');

const dev = process.argv.includes('--dev');
const config = serverConfig();
// One log and one set of metrics for the process, handed to the site (the SSR bundle) as objects.
// Metrics are counted only when they can be read (METRICS_PORT): nobody else would see them.
const logging = createLogging({ level: config.logLevel });
const { logger } = logging;
const metrics = config.metrics ? createMetrics({ processMetrics: true }) : undefined;
installSafetyNet(undefined, (message, error) => logger.error(error === undefined ? {} : { err: error }, message));

async function start(): Promise<{ server: Server; deepHealth: () => Promise<unknown>; stop: () => Promise<void> }> {
  if (dev) {
    const vite = await import('vite');
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    const entry = (await server.ssrLoadModule('./server/entry.ts')) as Entry;
    const { app, deepHealth, stop } = entry.createSiteApp(config, {
      mode: 'development',
      before: [server.middlewares],
      build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      logging,
      metrics,
    });
    return { server: createHttpServer(app).listen(config.port, config.host), deepHealth, stop };
  }
  // In production this file is bundled to build/server/main.js, next to the SSR build (index.js).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = (await import(path.join(here, 'index.js'))) as Entry;
  const { app, deepHealth, stop, warmUp } = entry.createSiteApp(config, { mode: 'production', build: entry.loadServerBuild, clientDir: path.join(here, '..', 'client'), logging, metrics });
  const warmed = await warmUp();
  if (config.warmUpMs === 0) logger.info('site: no warm-up (WARM_UP_S=0)');
  else if (!warmed.cmsAnswered) logger.warn({ ms: warmed.ms, pages: warmed.cold }, 'site: the CMS did not answer within WARM_UP_S; starting without drawing the pages first (their last good content, or their empty state)');
  else if (warmed.cold.length > 0) logger.warn({ ms: warmed.ms, warm: warmed.warm, cold: warmed.cold }, 'site: some pages were still drawn without their content when the warm-up ended');
  else logger.info({ ms: warmed.ms, pages: warmed.warm }, 'site: pages drawn with their content before the first visitor');
  return { server: createHttpServer(app).listen(config.port, config.host), deepHealth, stop };
}

const { server, deepHealth, stop } = await start();
server.on('listening', () => logger.info({ port: config.port, cms: config.content.baseUrl, pid: process.pid }, `site: http://localhost:${config.port}`));
server.on('error', (error) => {
  logger.fatal({ err: error }, `site: cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
});

// Prometheus metrics and the deep health report on their own address (METRICS_HOST:METRICS_PORT), never the site's.
const metricsServer = config.metrics && metrics ? createMetricsServer(metrics.registry, { health: deepHealth }).listen(config.metrics.port, config.metrics.host) : undefined;
metricsServer?.on('listening', () => logger.info({ host: config.metrics?.host, port: config.metrics?.port }, 'metrics: GET /metrics, GET /healthz'));
metricsServer?.on('error', (error) => {
  logger.fatal({ err: error }, `metrics: cannot listen on ${config.metrics?.host}:${config.metrics?.port}`);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    metricsServer?.close();
    // The views counted since the last send go to the CMS first (at most a few seconds).
    void Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]).finally(() => server.close(() => process.exit(0)));
  });
}
