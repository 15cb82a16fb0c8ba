import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { cspContext } from '~/lib/request/csp.server';
import { markDegraded } from '~/lib/request/render-state.server';
import { createPageCache } from './page-cache';
import { pageCacheControl, pageCacheMiddleware } from './page-cache-middleware';
import { renderBudgetContext } from './render-budget';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function setup(ttlMs = 60_000) {
  const cache = createPageCache({ ttlMs });
  const middleware = pageCacheMiddleware(() => ({ pages: cache, pageTtlS: ttlMs / 1000 }));
  let renders = 0;
  /** One page request through the middleware; the page "renders" its layout and a counter. */
  async function visit(path: string, { ua = DESKTOP, headers = {}, degrade = false, status = 200, method = 'GET', nonce = '', pattern = path.split('?')[0]!.slice(1), params = {}, budget = true } = {}) {
    const request = new Request(`http://site.test${path}`, { method, headers: { 'user-agent': ua, ...headers } });
    const context = new RouterContextProvider();
    context.set(renderBudgetContext, () => budget);
    context.set(cspContext, { nonce, forHashes: (hashes) => `script-src 'self' ${hashes.scripts.join(' ')}; style-src 'self' ${hashes.styles.join(' ')}` });
    const next = vi.fn(async () => {
      renders += 1;
      if (degrade) markDegraded(context);
      const layout = ua === IPHONE ? 'phone' : 'web';
      return new Response(`<html data-layout="${layout}"><script nonce="${nonce}">render ${renders}</script></html>`, { status, headers: { 'content-type': 'text/html' } });
    });
    const response = await middleware({ request, context, params, url: new URL(request.url), pattern } as never, next);
    return { response: response as Response, text: await (response as Response).text(), next };
  }
  return { visit, renders: () => renders, cache };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the page cache', () => {
  it('cannot be flooded through parameters no page reads: one render, and the real page stays cached', async () => {
    const { visit, renders, cache } = setup();
    await visit('/dailyPage/project');
    await visit('/dailyPage/article');
    await settle();
    for (let n = 0; n < 500; n += 1) await visit(`/dailyPage/project?utm_x=${Math.random().toString(36).slice(2)}&n=${n}`);
    await settle();
    expect(renders()).toBe(2);
    expect(cache.size()).toBe(2);
    expect((await visit('/dailyPage/article')).next).not.toHaveBeenCalled();
  });

  it("answers 429 without rendering when the visitor has spent their fresh renders, and still serves what is cached", async () => {
    const { visit, renders } = setup();
    await visit('/dailyPage/project');
    await settle();
    const refused = await visit('/dailyPage/project/zzz', { pattern: 'dailyPage/project/:id', params: { id: 'zzz' }, budget: false });
    expect(refused.response.status).toBe(429);
    expect(refused.next).not.toHaveBeenCalled();
    expect((await visit('/dailyPage/project', { budget: false })).response.status).toBe(200);
    expect(renders()).toBe(1);
  });

  it('sends other spellings of a page to its own address, and renders the 404 page once for every unknown address', async () => {
    const { visit, renders } = setup();
    for (const spelling of ['/DaILypaGE/PrOjeCT', '/dai%6Cy%50age/project', '/dailyPage/project/']) {
      const { response, next } = await visit(spelling, { pattern: 'dailyPage/project' });
      expect(response.status, spelling).toBe(301);
      expect(response.headers.get('location')).toBe('/dailyPage/project');
      expect(next).not.toHaveBeenCalled();
    }
    const detail = await visit('/dailypage/project/Ab1?utm=1&documentId=Ab1', { pattern: 'dailyPage/project/:id', params: { id: 'Ab1' } });
    expect(detail.response.headers.get('location')).toBe('/dailyPage/project/Ab1?documentId=Ab1');
    for (let n = 0; n < 50; n += 1) {
      const { response } = await visit(`/no/such/page/${n}`, { pattern: '*', params: { '*': `no/such/page/${n}` }, status: 404 });
      expect(response.status).toBe(404);
      await settle();
    }
    expect(renders()).toBe(1);
  });

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
    const unknown = await visit('/dailyPage/project/zzz', { pattern: 'dailyPage/project/:id', params: { id: 'zzz' }, status: 404 });
    expect(unknown.response.headers.get('cache-control')).toBe(pageCacheControl(60));
    await visit('/dailyPage/project/zzz', { pattern: 'dailyPage/project/:id', params: { id: 'zzz' }, status: 404 });
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
