import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { cspContext } from '../csp.server';
import { markDegraded } from '../render-state.server';
import { createPageCache } from './page-cache.server';
import { pageCacheMiddleware } from './page-cache-middleware.server';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function setup(ttlMs = 60_000) {
  const cache = createPageCache({ ttlMs });
  const middleware = pageCacheMiddleware(() => cache, () => ttlMs / 1000);
  let renders = 0;
  /** One page request through the middleware; the page "renders" its layout and a counter. */
  async function visit(path: string, { ua = DESKTOP, headers = {}, degrade = false, status = 200, method = 'GET', nonce = '' } = {}) {
    const request = new Request(`http://site.test${path}`, { method, headers: { 'user-agent': ua, ...headers } });
    const context = new RouterContextProvider();
    context.set(cspContext, { nonce, forHashes: (hashes) => `script-src 'self' ${hashes.scripts.join(' ')}; style-src 'self' ${hashes.styles.join(' ')}` });
    const next = vi.fn(async () => {
      renders += 1;
      if (degrade) markDegraded(context);
      const layout = ua === IPHONE ? 'phone' : 'web';
      return new Response(`<html data-layout="${layout}"><script nonce="${nonce}">render ${renders}</script></html>`, { status, headers: { 'content-type': 'text/html' } });
    });
    const response = await middleware({ request, context, params: {}, url: new URL(request.url), pattern: '' } as never, next);
    return { response: response as Response, text: await (response as Response).text(), next };
  }
  return { visit, renders: () => renders, cache };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the page cache', () => {
  it('renders a page once and serves repeat views from memory, with headers a CDN can use', async () => {
    const { visit, renders } = setup();
    const first = await visit('/dailyPage/project');
    await settle();
    const second = await visit('/dailyPage/project');
    expect(second.text).toBe(first.text);
    expect(renders()).toBe(1);
    expect(second.response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=86400, stale-if-error=604800',
    );
    expect(second.response.headers.get('vary')).toBe('User-Agent, Accept-Encoding');
    expect(second.response.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('sends a stored page with a policy allowing exactly its inline scripts, by hash', async () => {
    const { visit, renders } = setup();
    const first = await visit('/dailyPage/article', { nonce: 'bm9uY2Utb2YtdGhlLWZpcnN0' });
    await settle();
    const second = await visit('/dailyPage/article', { nonce: 'YS1kaWZmZXJlbnQtbm9uY2U=' });
    expect(renders()).toBe(1);
    expect(second.text).toBe(first.text);
    const hash = `'sha256-${createHash('sha256').update('render 1').digest('base64')}'`;
    expect(second.response.headers.get('content-security-policy')).toBe(`script-src 'self' ${hash}; style-src 'self'`);
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const { visit } = setup();
    await visit('/dailyPage/profile');
    await settle();
    const { response } = await visit('/dailyPage/profile');
    const revalidated = await visit('/dailyPage/profile', { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.text).toBe('');
  });

  it('never serves the phone layout to a desktop browser or the reverse', async () => {
    const { visit } = setup();
    await visit('/login', { ua: IPHONE });
    await settle();
    expect((await visit('/login', { ua: DESKTOP })).text).toContain('data-layout="web"');
    expect((await visit('/login', { ua: IPHONE })).text).toContain('data-layout="phone"');
  });

  it('shares one render among concurrent first views', async () => {
    const { visit, renders } = setup();
    const views = await Promise.all(Array.from({ length: 10 }, () => visit('/dailyPage/article')));
    expect(new Set(views.map((view) => view.text)).size).toBe(1);
    expect(renders()).toBe(1);
  });

  it('does not keep a page with missing content, or an error page', async () => {
    const { visit, renders } = setup();
    const degraded = await visit('/dailyPage/project', { degrade: true });
    expect(degraded.response.headers.get('cache-control')).toBe('no-store');
    await visit('/dailyPage/project');
    await visit('/nothing', { status: 404 });
    await visit('/nothing', { status: 404 });
    expect(renders()).toBe(4);
  });

  it('renders again after a purge', async () => {
    const { visit, renders, cache } = setup();
    await visit('/dailyPage/project');
    await settle();
    cache.purge();
    await visit('/dailyPage/project');
    expect(renders()).toBe(2);
  });

  it('never keeps a page whose render began before a purge (a publish during a render)', async () => {
    const { visit, renders, cache } = setup();
    await visit('/dailyPage/project'); // still being compressed and stored
    cache.purge();
    await settle();
    await visit('/dailyPage/project');
    expect(renders()).toBe(2);
    await settle();
    await visit('/dailyPage/project'); // the page rendered after the purge is kept
    expect(renders()).toBe(2);
  });
});
