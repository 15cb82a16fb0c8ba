import { siteServices } from '~/lib/request/site-context.server';
import type { Route } from './+types/robots';

/** /robots.txt: everything may be crawled except the site's machinery; where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Disallow: /_webhooks/', 'Disallow: /healthz', '', `Sitemap: ${siteServices(context).publicOrigin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
