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

  it('does not wait for a CMS that does not answer: no page is drawn', async () => {
    const { app, asked } = site(0);
    const report = await warmUp(app, { pages: ['/login'], cmsAnswers: async () => false });
    expect(report).toMatchObject({ warm: [], cold: ['/login'], cmsAnswered: false });
    expect(asked.size).toBe(0);
  });

  it('gives up when its time is up, and says which pages stayed cold', async () => {
    const { app } = site(Infinity);
    const started = performance.now();
    const report = await warmUp(app, { pages: ['/login', '/dailyPage/profile'], cmsAnswers: async () => true, withinMs: 300, againMs: 20 });
    expect(report).toMatchObject({ warm: [], cold: ['/login', '/dailyPage/profile'] });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a page that answers with an error or a redirect is not warm', async () => {
    const app = express();
    app.get('/gone', (_req, res) => void res.status(500).set('cache-control', 'public, max-age=60').send('x'));
    app.get('/moved', (_req, res) => void res.redirect(302, '/elsewhere'));
    const report = await warmUp(app, { pages: ['/gone', '/moved'], cmsAnswers: async () => true, withinMs: 200, againMs: 20 });
    expect(report.cold).toEqual(['/gone', '/moved']);
  });
});
