import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { serverConfig } from './config';
import { createHttpServer } from './http-server';
import { installSafetyNet } from './safety-net';

type Entry = typeof import('./entry');

const dev = process.argv.includes('--dev');
const config = serverConfig();
installSafetyNet();

async function start(): Promise<Server> {
  if (dev) {
    const vite = await import('vite');
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    const entry = (await server.ssrLoadModule('./server/entry.ts')) as Entry;
    const app = entry.createSiteApp(config, {
      mode: 'development',
      before: [server.middlewares],
      build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    });
    return createHttpServer(app).listen(config.port, config.host);
  }
  // In production this file is bundled to build/server/main.js, next to the SSR build (index.js).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = (await import(path.join(here, 'index.js'))) as Entry;
  const app = entry.createSiteApp(config, { mode: 'production', build: entry.loadServerBuild, clientDir: path.join(here, '..', 'client') });
  return createHttpServer(app).listen(config.port, config.host);
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
