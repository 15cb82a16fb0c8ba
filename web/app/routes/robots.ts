import { publicOrigin } from '../lib/public-origin.server';

/** /robots.txt: everything may be crawled except the site's machinery; where the sitemap is. */
export function loader() {
  const body = ['User-agent: *', 'Disallow: /translate', 'Disallow: /_webhooks/', 'Disallow: /healthz', '', `Sitemap: ${publicOrigin()}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
