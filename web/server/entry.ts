/**
 * The site server's half that Vite bundles together with the React Router app (the SSR build's
 * input, see vite.config.ts), so the server and the pages share one module graph: the context key
 * through which the composition root hands the pages their services (`site-context.server.ts`) is
 * the same object on both sides.
 */
import type { ServerBuild } from 'react-router';

export { createSiteApp } from './site';

export const loadServerBuild = () => import('virtual:react-router/server-build') as Promise<ServerBuild>;
