import { describe, expect, it } from 'vitest';
import { DataCache, dataUrl, fallbackFor, keepableFor } from './data-cache';

const ORIGIN = 'https://studio.example';

/** A network whose answers the test releases, and which counts what it was asked. */
function network(cacheControl = 'public, max-age=60', status = 200) {
  const asked: string[] = [];
  const pending: Array<() => void> = [];
  const fetcher = ((input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Promise<Response>((resolve) => pending.push(() => resolve(new Response(`answer ${asked.length}`, { status, headers: { 'cache-control': cacheControl } }))));
  }) as typeof fetch;
  const release = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { asked, fetcher, release };
}

describe('the page data cache (issue 41: one fetch per intent)', () => {
  it("a move to a page being fetched ahead waits for that request instead of asking again, whatever routes it wants", async () => {
    const { asked, fetcher, release } = network();
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    void cache.fetchAhead('/dailyPage/project/abc?documentId=abc');
    const move = cache.fetch(`${ORIGIN}/dailyPage/project/abc.data?documentId=abc&_routes=root%2Croutes%2Fproject-detail`);
    await release();
    expect(await (await move).text()).toBe('answer 1');
    expect(asked).toEqual([`${ORIGIN}/dailyPage/project/abc.data?documentId=abc`]);
    // Done, it still serves the next move (Back and Forward) for its lifetime.
    expect(await (await cache.fetch(`${ORIGIN}/dailyPage/project/abc.data?documentId=abc&_routes=routes%2Fproject-detail`)).text()).toBe('answer 1');
    expect(asked).toHaveLength(1);
  });

  it('keeps an answer only as long as its Cache-Control says', async () => {
    let now = 0;
    const { asked, fetcher, release } = network('public, max-age=60');
    const cache = new DataCache({ network: fetcher, origin: ORIGIN, now: () => now });
    void cache.fetchAhead('/dailyPage/article');
    await release();
    now = 59_000;
    expect(cache.has('/dailyPage/article')).toBe(true);
    now = 60_000;
    expect(cache.has('/dailyPage/article')).toBe(false);
    void cache.fetch(`${ORIGIN}/dailyPage/article.data`);
    await release();
    expect(asked).toHaveLength(2);
  });

  it('keeps nothing private, uncacheable or failed: a share link or a preview is asked for each time', async () => {
    for (const [control, status] of [['private, no-store', 200], ['no-cache', 200], ['public, max-age=60', 404], ['', 200]] as const) {
      const { asked, fetcher, release } = network(control, status);
      const cache = new DataCache({ network: fetcher, origin: ORIGIN });
      void cache.fetchAhead('/dailyPage/project/x');
      await release();
      void cache.fetch(`${ORIGIN}/dailyPage/project/x.data`);
      await release();
      expect(asked, `${control} ${status}`).toHaveLength(2);
    }
  });

  it('an answer for some routes does not serve a request for others', async () => {
    const { asked, fetcher, release } = network();
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    void cache.fetch(`${ORIGIN}/dailyPage/project.data?_routes=routes%2Fdaily-page`);
    await release();
    void cache.fetch(`${ORIGIN}/dailyPage/project.data?_routes=root%2Croutes%2Fdaily-page`);
    void cache.fetch(`${ORIGIN}/dailyPage/project.data`);
    await release();
    expect(asked).toHaveLength(3);
  });

  it('passes on everything that is not a GET of this site’s data: other addresses, other origins, forms', async () => {
    const { asked, fetcher, release } = network();
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    void cache.fetch(`${ORIGIN}/_views`, { method: 'POST', body: '{}' });
    void cache.fetch(`${ORIGIN}/dailyPage/project.data`, { method: 'POST', body: 'x' });
    void cache.fetch('https://elsewhere.example/dailyPage/project.data');
    void cache.fetch(`${ORIGIN}/uploads/a.jpg`);
    void cache.fetch(`${ORIGIN}/uploads/a.jpg`);
    await release();
    expect(asked).toHaveLength(5);
    expect(cache.fetched).toBe(0);
  });

  it('gives each caller the whole answer of its own, asked of the network once: fetching ahead, the move and Back, the status and headers with it', async () => {
    const bodies: Response[] = [];
    const fetcher = (async () => {
      const response = new Response('[{"project":1}]\n', { status: 200, headers: { 'cache-control': 'public, max-age=60', 'x-remix-response': 'yes' } });
      bodies.push(response);
      return response;
    }) as typeof fetch;
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    await cache.fetchAhead('/dailyPage/project/p');
    const url = `${ORIGIN}/dailyPage/project/p.data?_routes=routes%2Fproject-detail`;
    const [move, back] = await Promise.all([cache.fetch(url), cache.fetch(url)]);
    expect(move).not.toBe(back);
    expect([await move.text(), await back.text()]).toEqual(['[{"project":1}]\n', '[{"project":1}]\n']);
    expect([move.status, move.headers.get('x-remix-response')]).toEqual([200, 'yes']);
    expect(await (await cache.fetch(url)).text()).toBe('[{"project":1}]\n');
    expect(bodies).toHaveLength(1);
  });

  it("passes on an answer without a body (React Router's redirect, a 204) as it came", async () => {
    const fetcher = (async () => new Response(null, { status: 204, headers: { 'x-remix-redirect': '/dailyPage/project' } })) as typeof fetch;
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    const answer = await cache.fetch(`${ORIGIN}/dailyPage/project/old.data`);
    expect([answer.status, answer.headers.get('x-remix-redirect'), answer.body]).toEqual([204, '/dailyPage/project', null]);
  });

  it('one caller giving up does not cancel the answer another is waiting for', async () => {
    const { asked, fetcher, release } = network();
    const cache = new DataCache({ network: fetcher, origin: ORIGIN });
    const controller = new AbortController();
    const first = cache.fetch(`${ORIGIN}/dailyPage/profile.data`, { signal: controller.signal });
    const second = cache.fetch(`${ORIGIN}/dailyPage/profile.data`);
    controller.abort();
    await expect(first).rejects.toBeDefined();
    await release();
    expect(await (await second).text()).toBe('answer 1');
    expect(asked).toHaveLength(1);
  });

  describe("past its lifetime, an answer stands in when asking again fails (its stale-if-error)", () => {
    /** A cache on a network that answers, fails (offline: a rejected fetch) or errs (a 5xx), as the test says, at the time it says. */
    function flaky() {
      let mode: 'ok' | 'offline' | 'error' | 'gone' = 'ok';
      let count = 0;
      let now = 0;
      const fetcher = (async () => {
        count += 1;
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        const status = mode === 'error' ? 503 : mode === 'gone' ? 404 : 200;
        return new Response(`answer ${count}`, { status, headers: { 'cache-control': 'public, max-age=60, stale-if-error=600' } });
      }) as typeof fetch;
      const cache = new DataCache({ network: fetcher, origin: ORIGIN, now: () => now });
      return { cache, set: (next: typeof mode) => (mode = next), at: (ms: number) => (now = ms) };
    }
    const grid = `${ORIGIN}/dailyPage/project.data?_routes=routes%2Fdaily-page`;

    it('offline or on a 5xx, the last answer; back online, a new one', async () => {
      const { cache, set, at } = flaky();
      await cache.fetchAhead('/dailyPage/project');
      at(120_000);
      set('offline');
      expect(await (await cache.fetch(grid)).text()).toBe('answer 1');
      // Again (Back and Forward while offline), and on a failing site.
      expect(await (await cache.fetch(grid)).text()).toBe('answer 1');
      set('error');
      expect(await (await cache.fetch(grid)).text()).toBe('answer 1');
      set('ok');
      expect(await (await cache.fetch(grid)).text()).toBe('answer 5');
    });

    it('not past its stale-if-error', async () => {
      const { cache, set, at } = flaky();
      await cache.fetch(grid);
      set('offline');
      at(60_000 + 600_000 - 1);
      expect(await (await cache.fetch(grid)).text()).toBe('answer 1');
      at(60_000 + 600_000);
      await expect(cache.fetch(grid)).rejects.toThrow('Failed to fetch');
    });

    it('not for routes it does not hold; a request for them failing does not lose it', async () => {
      const { cache, set, at } = flaky();
      await cache.fetch(grid);
      at(120_000);
      set('offline');
      // The whole page (a link's fetch-ahead) is more than the grid's route: nothing stands in.
      await expect(cache.fetch(`${ORIGIN}/dailyPage/project.data`)).rejects.toThrow('Failed to fetch');
      set('error');
      expect((await cache.fetch(`${ORIGIN}/dailyPage/project.data`)).status).toBe(503);
      // Back to the grid, still offline: its answer is still there.
      set('offline');
      expect(await (await cache.fetch(grid)).text()).toBe('answer 1');
    });

    it('not once the site says the page is gone', async () => {
      const { cache, set, at } = flaky();
      await cache.fetch(grid);
      at(120_000);
      set('gone');
      expect((await cache.fetch(grid)).status).toBe(404);
      set('offline');
      await expect(cache.fetch(grid)).rejects.toThrow('Failed to fetch');
    });

    it('an answer that may not be kept never stands in (a share link, a preview)', async () => {
      let now = 0;
      let offline = false;
      const fetcher = (async () => {
        if (offline) throw new TypeError('Failed to fetch');
        return new Response('private', { headers: { 'cache-control': 'private, no-store, stale-if-error=600' } });
      }) as typeof fetch;
      const cache = new DataCache({ network: fetcher, origin: ORIGIN, now: () => now });
      await cache.fetch(grid);
      now = 1_000;
      offline = true;
      await expect(cache.fetch(grid)).rejects.toThrow('Failed to fetch');
    });
  });

  it('names the data address as React Router does, the language being in the path', () => {
    expect(dataUrl('/en/dailyPage/project/a?documentId=a#x', ORIGIN).href).toBe(`${ORIGIN}/en/dailyPage/project/a.data?documentId=a`);
    expect(dataUrl('/', ORIGIN).pathname).toBe('/_.data');
    expect(keepableFor(new Headers({ 'cache-control': 'public, max-age=60, stale-while-revalidate=30', age: '20' }))).toEqual({ fresh: 40, fallback: 40 });
    // A shared cache's copy past its lifetime: no use left, but it may stand in for the rest of its stale-if-error.
    expect(keepableFor(new Headers({ 'cache-control': 'public, max-age=60, stale-if-error=600', age: '100' }))).toEqual({ fresh: 0, fallback: 560 });
    expect(keepableFor(new Headers({ 'cache-control': 'public, max-age=0, stale-if-error=600' }))).toEqual({ fresh: 0, fallback: 600 });
    expect(keepableFor(new Headers({ 'cache-control': 'private, max-age=60, stale-if-error=600' }))).toBeNull();
    expect(keepableFor(new Headers({ 'cache-control': 'public, max-age=60', age: '90' }))).toBeNull();
    expect(fallbackFor(new Headers({ 'cache-control': 'public, max-age=60, stale-if-error=604800' }))).toBe(604_800);
    expect(fallbackFor(new Headers({ 'cache-control': 'public, max-age=60' }))).toBe(0);
  });
});
