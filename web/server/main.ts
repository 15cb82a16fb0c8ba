import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createApp } from './app';
import { serverConfig } from './config';
import { installSafetyNet } from './safety-net';
import { createTranslationCache } from './translation/cache';
import { createMyMemoryProvider } from './translation/provider';
import { createTranslationService } from './translation/service';

const dev = process.argv.includes('--dev');
const config = serverConfig();
installSafetyNet();
const translation = createTranslationService({
  provider: createMyMemoryProvider({ baseUrl: config.translation.providerUrl, email: config.translation.email }),
  cache: createTranslationCache(config.translation.cacheFile),
});
const shared = { cmsUrl: config.content.baseUrl, translation, trustProxy: config.trustProxy };

async function start(): Promise<Server> {
  if (dev) {
    const vite = await import('vite');
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    const app = createApp({
      ...shared,
      mode: 'development',
      before: [server.middlewares],
      build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    });
    return app.listen(config.port, config.host);
  }
  // In production this file is bundled to build/server/main.js, next to React Router's build.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const build = (await import(path.join(here, 'index.js'))) as ServerBuild;
  const app = createApp({ ...shared, mode: 'production', build, clientDir: path.join(here, '..', 'client') });
  return app.listen(config.port, config.host);
}

const server = await start();
server.on('listening', () => console.log(`site: http://localhost:${config.port} (content from ${config.content.baseUrl}, pid ${process.pid})`));
server.on('error', (error) => {
  console.error(`site: cannot listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
