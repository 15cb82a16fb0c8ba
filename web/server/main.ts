import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { contentConfig } from '../app/lib/config';
import { createApp } from './app';
import { createTranslationCache } from './translation/cache';
import { createMyMemoryProvider } from './translation/provider';
import { createTranslationService } from './translation/service';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const cmsUrl = contentConfig().baseUrl;
const translation = createTranslationService({
  provider: createMyMemoryProvider({
    baseUrl: process.env.TRANSLATE_URL ?? 'https://api.mymemory.translated.net',
    email: process.env.TRANSLATE_EMAIL || undefined,
  }),
  cache: createTranslationCache(path.resolve(process.env.TRANSLATE_CACHE_FILE ?? '.data/translations.db')),
});

async function start(): Promise<Server> {
  if (dev) {
    const vite = await import('vite');
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    const app = createApp({
      cmsUrl,
      translation,
      mode: 'development',
      before: [server.middlewares],
      build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    });
    return app.listen(port, host);
  }
  // In production this file is bundled to build/server/main.js, next to React Router's build.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const build = (await import(path.join(here, 'index.js'))) as ServerBuild;
  const app = createApp({ cmsUrl, translation, mode: 'production', build, clientDir: path.join(here, '..', 'client') });
  return app.listen(port, host);
}

const server = await start();
server.on('listening', () => console.log(`site: http://localhost:${port} (content from ${cmsUrl})`));
server.on('error', (error) => {
  console.error(`site: cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
