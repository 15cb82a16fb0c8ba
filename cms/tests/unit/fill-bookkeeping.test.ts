import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { createBudget } from '../../src/localization/budget';
import { createJobQueue } from '../../src/localization/jobs';

// Issue 38: the fill's budget and to-do list live in the CMS's database. On a real SQLite file
// (what a CMS on SQLite has; the contract tests run the same code on PostgreSQL), opened twice,
// as two CMS instances sharing it would.
const opened: Knex[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function database(file?: string): { db: Knex; file: string } {
  const at = file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fill-')), 'data.db');
  if (!file) dirs.push(path.dirname(at));
  const db = knex({ client: 'better-sqlite3', connection: { filename: at }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
  opened.push(db);
  return { db, file: at };
}

type Db = Parameters<typeof createBudget>[0];

describe("the provider's daily budget", () => {
  it('never lets two instances taking at once spend past the limit, and starts again the next day', async () => {
    const { db, file } = database();
    const other = database(file).db;
    let day = new Date('2026-11-25T10:00:00Z');
    const a = createBudget(db as unknown as Db, { dailyChars: 1_000, now: () => day });
    const b = createBudget(other as unknown as Db, { dailyChars: 1_000, now: () => day });
    const takes = await Promise.all(Array.from({ length: 30 }, (_, n) => (n % 2 ? a : b).take(70)));
    expect(takes.filter(Boolean)).toHaveLength(14); // 14 × 70 = 980; a 15th would be 1,050
    expect((await a.spent()).spent).toBe(980);
    expect(await b.take(20)).toBe(true);
    expect(await a.take(1)).toBe(false);
    // A call that failed gives its characters back.
    await a.giveBack(20);
    expect((await b.spent()).spent).toBe(980);
    day = new Date('2026-11-26T00:00:01Z');
    expect((await a.spent()).spent).toBe(0);
    expect(await a.take(1_000)).toBe(true);
    expect(await a.take(1)).toBe(false);
  });
});

describe('the fill’s to-do list', () => {
  it('asks once per document and locale, and brings a job asked for again forward', async () => {
    const { db } = database();
    let now = 1_000;
    const queue = createJobQueue(db as unknown as Db, { retryMs: 100, maxRetryMs: 1_000, now: () => now });
    const job = { uid: 'api::project.project', documentId: 'd1', locale: 'en' };
    await queue.add([job, job, { ...job, locale: 'de' }]);
    expect(await queue.due(10)).toHaveLength(2);
    expect(await queue.pending()).toEqual({ jobs: 2, failing: 0 });
    const [first] = await queue.due(10);
    await queue.failed(first!, 'provider answered 503');
    now += 50;
    await queue.add([job]);
    expect((await queue.due(10)).map((due) => due.locale).sort()).toEqual(['de', 'en']);
  });

  it('waits twice as long after each failure, up to its longest wait, and forgets a job once done', async () => {
    const { db } = database();
    let now = 0;
    const queue = createJobQueue(db as unknown as Db, { retryMs: 100, maxRetryMs: 1_000, now: () => now });
    await queue.add([{ uid: 'api::article.article', documentId: 'a1', locale: 'en' }]);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const [job] = await queue.due(1);
      expect(job?.attempts).toBe(attempt);
      const dueAt = await queue.failed(job!, 'provider unreachable');
      waits.push(dueAt - now);
      now = dueAt - 1;
      expect(await queue.due(1)).toEqual([]); // not before its time
      now = dueAt;
    }
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(await queue.pending()).toEqual({ jobs: 1, failing: 1 });
    const [job] = await queue.due(1);
    await queue.done(job!);
    expect(await queue.pending()).toEqual({ jobs: 0, failing: 0 });
  });

  it('keeps a job asked for again while it was being filled: that fill was of the source before', async () => {
    const { db } = database();
    const queue = createJobQueue(db as unknown as Db, { retryMs: 100, maxRetryMs: 1_000, now: () => 5_000 });
    const job = { uid: 'api::project.project', documentId: 'p2', locale: 'en' };
    await queue.add([job]);
    const [running] = await queue.due(1);
    await queue.add([job]); // the studio published again meanwhile
    await queue.done(running!);
    const [again] = await queue.due(1);
    expect(again).toMatchObject(job);
    await queue.done(again!);
    expect(await queue.pending()).toEqual({ jobs: 0, failing: 0 });
  });

  it('waits until the day after when the budget is spent, and forgets a removed locale’s jobs', async () => {
    const { db } = database();
    const now = Date.parse('2026-11-25T10:00:00Z');
    const queue = createJobQueue(db as unknown as Db, { retryMs: 100, maxRetryMs: 1_000, now: () => now });
    await queue.add([
      { uid: 'api::project.project', documentId: 'p1', locale: 'de' },
      { uid: 'api::project.project', documentId: 'p1', locale: 'ja' },
    ]);
    const [job] = await queue.due(1);
    const tomorrow = Date.parse('2026-11-26T00:00:30Z');
    expect(await queue.failed(job!, 'budget spent', tomorrow)).toBe(tomorrow);
    await queue.dropLocale('ja');
    expect(await queue.due(10)).toEqual([]);
    expect(await queue.pending()).toEqual({ jobs: 1, failing: 1 });
  });
});
