import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';
import { pageKey } from './page-cache-middleware';
import { pageAddressOf } from './page-requests';
import { cachedPages } from './cached-pages';
import { createPageRefresher, REFRESH_AGENTS } from './page-refresh';
import { layoutFor } from '~/lib/document/device';

const TTL_MS = 60_000;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/**
 * The fast path and a stand-in for the render behind it, which stores what it draws as the root
 * route's middleware does: each render draws the next version of the page (`render 1`, `render 2`…).
 */
async function site({ failRenders = false } = {}) {
  let clock = 1_000_000;
  const pages = createPageCache({ ttlMs: TTL_MS, staleMs: 86_400_000, now: () => clock });
  const logged: string[] = [];
  const refresher = createPageRefresher({ ttlMs: TTL_MS, drop: (key) => pages.forget(key), now: () => clock, log: (line) => logged.push(line) });
  let budget = true;
  let gone = false;
  const renders: Array<{ layout: string; refreshing: boolean }> = [];
  let release: () => void = () => {};
  let held: Promise<void> | undefined;
  const app = express();
  let charged = 0;
  app.use(cachedPages({ pages, pageTtlS: TTL_MS / 1000, refresher, renderBudget: () => {
    charged += 1;
    return budget;
  } }));
  app.use(async (req, res) => {
    const layout = layoutFor(req.get('user-agent'));
    renders.push({ layout, refreshing: Boolean(res.locals.refreshing) });
    await held;
    if (gone) {
      res.status(404).send('not found');
      return;
    }
    if (failRenders && res.locals.refreshing) {
      res.status(503).set('cache-control', 'no-store').send('down');
      return;
    }
    const body = new TextEncoder().encode(`<p>${layout} render ${renders.length}</p>`);
    await pages.store(pageKey(pageAddressOf(req, res), req.get('user-agent')), { status: 200, headers: [['content-type', 'text/html']], body });
    res.type('html').send(Buffer.from(body));
  });
  refresher.attach(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(async () => {
    await refresher.close();
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  });
  const settled = async () => {
    for (let n = 0; n < 200 && refresher.pending() > 0; n += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refresher.pending()).toBe(0);
  };
  return {
    pages,
    renders,
    logged,
    settled,
    visit: async (path: string, ua?: string) => (await fetch(`${base}${path}`, { headers: ua ? { 'user-agent': ua } : {} })).text(),
    answer: (path: string) => fetch(`${base}${path}`),
    spend: () => (budget = false),
    charged: () => charged,
    refresherPort: () => refresher.port(),
    remove: () => (gone = true),
    pass: (ms: number) => (clock += ms),
    hold: () => (held = new Promise((resolve) => (release = () => resolve()))),
    release: () => release(),
  };
}

describe('a page past its TTL (stale-while-revalidate)', () => {
  it('is served at once from the stored copy, drawn again in the background, and the next visitor gets the new one', async () => {
    const s = await site();
    expect(await s.visit('/dailyPage/project')).toBe('<p>web render 1</p>');
    s.pass(TTL_MS - 1);
    expect(await s.visit('/dailyPage/project')).toBe('<p>web render 1</p>');
    expect(s.renders).toHaveLength(1);
    s.pass(2);
    // The visitor does not wait for the render: held until after the answer.
    s.hold();
    const stale = await s.answer('/dailyPage/project');
    expect(await stale.text()).toBe('<p>web render 1</p>');
    // Not to be kept as fresh by a CDN or the browser: it is already a TTL old.
    expect(stale.headers.get('cache-control')).toMatch(/max-age=0, s-maxage=0, stale-while-revalidate=/);
    s.release();
    await s.settled();
    expect(s.renders).toEqual([
      { layout: 'web', refreshing: false },
      { layout: 'web', refreshing: true },
    ]);
    expect(await s.visit('/dailyPage/project')).toBe('<p>web render 2</p>');
    expect(s.renders).toHaveLength(2);
    // Its data may be kept by the browser for its TTL, so what was fetched ahead serves the click.
    await s.visit('/dailyPage/project.data');
    s.pass(TTL_MS);
    expect((await s.answer('/dailyPage/project.data')).headers.get('cache-control')).toMatch(/^public, max-age=60, s-maxage=0,/);
  });

  it('is drawn again once however many visitors come meanwhile, in the layout they were served', async () => {
    const s = await site();
    await s.visit('/dailyPage/article', PHONE);
    await s.visit('/dailyPage/article');
    s.pass(TTL_MS);
    s.hold();
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.visit('/dailyPage/article', PHONE)));
    expect(new Set(answers)).toEqual(new Set(['<p>phone render 1</p>']));
    s.release();
    await s.settled();
    expect(s.renders.slice(2)).toEqual([{ layout: 'phone', refreshing: true }]);
    expect(await s.visit('/dailyPage/article', PHONE)).toBe('<p>phone render 3</p>');
    // The web page was not asked for, and is still its stale self until a visitor asks.
    expect(await s.visit('/dailyPage/article')).toBe('<p>web render 2</p>');
  });

  it('is never served after a purge (a publish): the visitor gets a new render', async () => {
    const s = await site();
    await s.visit('/dailyPage/profile');
    s.pass(TTL_MS);
    s.pages.purge();
    expect(await s.visit('/dailyPage/profile')).toBe('<p>web render 2</p>');
    expect(s.renders.map((render) => render.refreshing)).toEqual([false, false]);
  });

  it('stays when the render behind fails, said so in the log, and is tried again only a TTL later', async () => {
    const s = await site({ failRenders: true });
    await s.visit('/dailyPage/profile');
    s.pass(TTL_MS);
    expect(await s.visit('/dailyPage/profile')).toBe('<p>web render 1</p>');
    await s.settled();
    expect(s.logged.some((line) => line.includes('/dailyPage/profile') && line.includes('503'))).toBe(true);
    for (let n = 0; n < 5; n += 1) expect(await s.visit('/dailyPage/profile')).toBe('<p>web render 1</p>');
    await s.settled();
    expect(s.renders).toHaveLength(2);
    s.pass(TTL_MS);
    await s.visit('/dailyPage/profile');
    await s.settled();
    expect(s.renders).toHaveLength(3);
  });

  it('goes when its page is gone (a 404 now), so the next visitor is told so', async () => {
    const s = await site();
    await s.visit('/dailyPage/project/abc');
    s.pass(TTL_MS);
    s.remove();
    expect(await s.visit('/dailyPage/project/abc')).toBe('<p>web render 1</p>');
    await s.settled();
    expect((await s.answer('/dailyPage/project/abc')).status).toBe(404);
  });

  it('is not drawn again on a visitor whose fresh renders are spent: they get the stored page all the same', async () => {
    const s = await site();
    await s.visit('/dailyPage/article');
    s.pass(TTL_MS);
    s.spend();
    expect(await s.visit('/dailyPage/article')).toBe('<p>web render 1</p>');
    await s.settled();
    expect(s.renders).toHaveLength(1);
  });

  it('keeps its private listener to itself: another process asking it gets nothing drawn', async () => {
    const s = await site();
    await s.visit('/dailyPage/article');
    s.pass(TTL_MS);
    await s.visit('/dailyPage/article');
    await s.settled();
    const port = s.refresherPort();
    expect(port).toBeGreaterThan(0);
    const drawn = s.renders.length;
    for (const headers of [{}, { 'x-page-refresh': 'guess' }] as Array<Record<string, string>>) {
      const answer = await fetch(`http://127.0.0.1:${port}/dailyPage/project`, { headers });
      expect(answer.status).toBe(404);
    }
    expect(s.renders).toHaveLength(drawn);
  });

  it("takes nothing from a visitor's budget when it cannot draw the page now", async () => {
    const s = await site();
    const pages = Array.from({ length: 8 }, (_, n) => `/dailyPage/project/p${n}`);
    for (const page of pages) await s.visit(page);
    s.pass(TTL_MS);
    s.hold();
    for (const page of pages) await s.visit(page);
    // Four at once at most: the other four views were served without a render and without a charge.
    expect(s.charged()).toBe(4);
    s.release();
    await s.settled();
  });

  it("draws a page again in the layout its visitors have", () => {
    expect(layoutFor(REFRESH_AGENTS.phone)).toBe('phone');
    expect(layoutFor(REFRESH_AGENTS.web)).toBe('web');
  });
});
