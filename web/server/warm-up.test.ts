import express from 'express';
import { describe, expect, it } from 'vitest';
import { WARM_UP_AGENT, warmUp } from './warm-up';

/** A site whose pages come without their content (`no-store`) for their first `coldAnswers` asks. */
function site(coldAnswers: number) {
  const asked = new Map<string, number>();
  const agents = new Set<string>();
  const app = express();
  app.get('/{*page}', (req, res) => {
    const count = (asked.get(req.path) ?? 0) + 1;
    asked.set(req.path, count);
    agents.add(req.get('user-agent') ?? '');
    res.set('cache-control', count > coldAnswers ? 'public, max-age=60' : 'no-store').send(`<main>${req.path}</main>`);
  });
  return { app, asked, agents };
}

describe('the warm-up before the site takes visitors', () => {
  it('asks for each page again until it comes with its content', async () => {
    const { app, asked, agents } = site(2);
    const report = await warmUp(app, { pages: ['/login', '/dailyPage/project'], cmsAnswers: async () => true, againMs: 10 });
    expect(report).toMatchObject({ warm: ['/login', '/dailyPage/project'], cold: [], cmsAnswered: true });
    expect(Object.fromEntries(asked)).toEqual({ '/login': 3, '/dailyPage/project': 3 });
    expect([...agents]).toEqual([WARM_UP_AGENT]);
  });

  it('waits for a CMS started with it, and draws nothing when it never answers', async () => {
    const { app, asked } = site(0);
    let asks = 0;
    const late = await warmUp(app, { pages: ['/login'], cmsAnswers: async () => (asks += 1) >= 3, againMs: 10 });
    expect(late).toMatchObject({ warm: ['/login'], cmsAnswered: true });
    expect(asks).toBe(3);
    asked.clear();
    const never = await warmUp(app, { pages: ['/login'], cmsAnswers: async () => false, withinMs: 200, againMs: 20 });
    expect(never).toMatchObject({ warm: [], cold: ['/login'], cmsAnswered: false });
    expect(asked.size).toBe(0);
  });

  it('behind HTTPS, asks as a request that came over it (not redirected), and only then', async () => {
    const app = express();
    // As security-headers.ts does when PUBLIC_URL is https://: plain HTTP is sent to it.
    app.get('/{*page}', (req, res) => void (req.secure ? res.set('cache-control', 'public, max-age=60').send('page') : res.redirect(308, `https://studio.example${req.originalUrl}`)));
    expect(await warmUp(app, { pages: ['/login'], cmsAnswers: async () => true, secure: true })).toMatchObject({ warm: ['/login'] });
    expect(await warmUp(app, { pages: ['/login'], cmsAnswers: async () => true, withinMs: 2_000 })).toMatchObject({ cold: ['/login'] });
  });

  it('gives up when its time is up, and says which pages stayed cold', async () => {
    const { app } = site(Infinity);
    const started = performance.now();
    const report = await warmUp(app, { pages: ['/login', '/dailyPage/profile'], cmsAnswers: async () => true, withinMs: 300, againMs: 20 });
    expect(report).toMatchObject({ warm: [], cold: ['/login', '/dailyPage/profile'] });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a page that answers with an error is asked again; a redirect or a 404 is its answer, asked once', async () => {
    const asked: string[] = [];
    const app = express();
    app.use((req, _res, next) => void (asked.push(req.path), next()));
    app.get('/failing', (_req, res) => void res.status(500).set('cache-control', 'public, max-age=60').send('x'));
    app.get('/moved', (_req, res) => void res.redirect(302, '/elsewhere'));
    const report = await warmUp(app, { pages: ['/moved', '/nowhere', '/failing'], cmsAnswers: async () => true, withinMs: 300, againMs: 20 });
    expect(report.cold).toEqual(['/moved', '/nowhere', '/failing']);
    expect(asked.filter((path) => path === '/moved')).toHaveLength(1);
    expect(asked.filter((path) => path === '/nowhere')).toHaveLength(1);
    expect(asked.filter((path) => path === '/failing').length).toBeGreaterThan(2);
  });
});
