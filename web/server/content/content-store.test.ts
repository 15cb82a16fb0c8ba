import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentError } from '~/lib/content/content-error.server';
import { createContentStore, ContentUnavailableError, type ContentStoreOptions } from './content-store';
import { memoryLastGood, sqliteLastGood } from './last-good';

const outage = (error: unknown) => !(error instanceof ContentError && error.status === 404);
let clock = 1_000_000;
const store = (options: Partial<ContentStoreOptions> = {}) =>
  createContentStore({ ttlMs: 60_000, deadlineMs: 200, isOutage: outage, now: () => clock, log: () => {}, ...options });

/** A stand-in CMS call: counts calls, answers after `ms`, or fails. */
function cms(answer: () => unknown = () => ['project-a'], ms = 0) {
  const calls = { count: 0 };
  const load = vi.fn(async () => {
    calls.count += 1;
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    return answer();
  });
  return { load, calls };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = 1_000_000;
  vi.setSystemTime(clock);
});
afterEach(() => vi.useRealTimers());

describe('the content store', () => {
  it('answers a repeat read from memory, without calling the CMS', async () => {
    const s = store();
    const { load } = cms();
    expect(await s.read('/api/projects', load)).toEqual(['project-a']);
    expect(await s.read('/api/projects', load)).toEqual(['project-a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one CMS call among concurrent misses for the same answer', async () => {
    const s = store({ deadlineMs: 1_000 });
    const { load } = cms(() => ['shared'], 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.read('/api/projects', load)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ['shared']));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale answer at once after the TTL while one background refresh runs', async () => {
    const s = store();
    let version = 1;
    const { load } = cms(() => [`v${version}`], 30);
    await s.read('/api/projects', load);
    version = 2;
    clock += 61_000;
    vi.setSystemTime(clock);
    const [first, second] = await Promise.all([s.read('/api/projects', load), s.read('/api/projects', load)]);
    expect([first, second]).toEqual([['v1'], ['v1']]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await s.read('/api/projects', load)).toEqual(['v2']);
  });

  it('forgets the least recently used answers beyond its size', async () => {
    const s = store({ maxEntries: 10 });
    for (let n = 0; n < 15; n += 1) await s.read(`/api/projects/${n}`, async () => n);
    expect(s.stats().entries).toBe(10);
    const again = vi.fn(async () => 0);
    await s.read('/api/projects/0', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('never keeps a visitor waiting past the deadline on a hung CMS; the answer lands later', async () => {
    const s = store({ deadlineMs: 100 });
    const { load } = cms(() => ['late'], 300);
    const started = performance.now();
    await expect(s.read('/api/articles', load)).rejects.toBeInstanceOf(ContentUnavailableError);
    expect(performance.now() - started).toBeLessThan(250);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await s.read('/api/articles', load)).toEqual(['late']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the last good answer when the CMS fails or hangs after the TTL', async () => {
    const s = store({ ttlMs: 0 });
    expect(await s.read('/api/categories', async () => ['品牌'])).toEqual(['品牌']);
    vi.setSystemTime((clock += 1));
    const failing = vi.fn(async () => {
      throw new ContentError('GET /api/categories', 'unreachable');
    });
    expect(await s.read('/api/categories', failing)).toEqual(['品牌']);
    const hung = vi.fn(() => new Promise<never>(() => {}));
    expect(await s.read('/api/categories', hung)).toEqual(['品牌']);
    await flush();
    expect(s.stats().refreshFailures).toBeGreaterThanOrEqual(1);
  });

  it('forgets an entry the CMS now says is gone (404), in memory and on disk', async () => {
    const s = store({ ttlMs: 0 });
    await s.read('/api/projects/x', async () => ({ name: 'x' }));
    vi.setSystemTime((clock += 1));
    const gone = async () => {
      throw new ContentError('GET /api/projects/{id}', 'answered 404', 404);
    };
    // Stale: served once more while the refresh learns it is gone ...
    expect(await s.read('/api/projects/x', gone)).toEqual({ name: 'x' });
    await flush();
    // ... and from then on it is a 404, never the last good copy.
    await expect(s.read('/api/projects/x', gone)).rejects.toMatchObject({ notFound: true });
    await expect(s.read('/api/projects/x', gone)).rejects.toMatchObject({ notFound: true });
  });

  it('serves the last good answer from disk after a restart while the CMS is down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'last-good-'));
    const file = path.join(dir, 'content.db');
    const before = store({ lastGood: sqliteLastGood(file) });
    await before.read('/api/profilelists', async () => [{ name: '创始人' }]);
    // A new process: empty memory, the same file, and a CMS that refuses.
    const after = store({ lastGood: sqliteLastGood(file) });
    const down = vi.fn(async () => {
      throw new ContentError('GET /api/profilelists', 'unreachable');
    });
    expect(await after.read('/api/profilelists', down)).toEqual([{ name: '创始人' }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drops what a purge names, and reports the age of what it serves', async () => {
    const s = store();
    await s.read('/api/projects', async () => 1);
    clock += 5_000;
    vi.setSystemTime(clock);
    await s.read('/api/articles', async () => 2);
    expect(s.stats().oldestAgeMs).toBe(5_000);
    expect(s.purge((key) => key.startsWith('/api/projects'))).toBe(1);
    const reload = vi.fn(async () => 3);
    expect(await s.read('/api/projects', reload)).toBe(3);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an answer the CMS gave while a publish was being purged is asked again, never kept', async () => {
    const s = store({ deadlineMs: 1_000 });
    let published = false;
    let release: () => void = () => {};
    const load = vi.fn(async () => {
      const seen = published ? 'after' : 'before';
      if (!published) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    const first = s.read('/api/projects', load);
    await flush();
    // The publish commits and its webhook purges while the call above is still out.
    published = true;
    s.purge((key) => key.startsWith('/api/projects'));
    const joined = s.read('/api/projects', load);
    release();
    expect(await first).toBe('after');
    expect(await joined).toBe('after');
    expect(await s.read('/api/projects', load)).toBe('after');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a purge of other keys does not repeat a call', async () => {
    const s = store({ deadlineMs: 1_000 });
    const { load, calls } = cms(() => ['a'], 30);
    const reading = s.read('/api/projects', load);
    s.purge((key) => key.startsWith('/api/articles'));
    await reading;
    expect(calls.count).toBe(1);
  });
});

describe('what is read back from a store is checked, never trusted (issue 27)', () => {
  const isProjects = (value: unknown) => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

  it('a corrupt answer in the shared store (Redis) is a miss: the CMS is asked and its answer shown', async () => {
    const shared = { get: vi.fn(async () => ({ value: { evil: '<script>' }, metadata: { createdTime: clock, ttl: 60_000, swr: null } })), set: vi.fn(async () => {}), delete: vi.fn(async () => {}), purge: vi.fn(async () => 0) };
    const s = store({ shared });
    const { load } = cms();
    expect(await s.read('/api/projects', load, { valid: isProjects })).toEqual(['project-a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a corrupt last good copy on disk is dropped during an outage: the empty state, not the garbage', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'last-good-garbage-'));
    const file = path.join(dir, 'content.db');
    const disk = sqliteLastGood(file);
    await disk.set('/api/projects', { not: 'a list' }, clock);
    const s = store({ lastGood: disk });
    const down = vi.fn(async () => {
      throw new ContentError('getProjects', 'connection refused');
    });
    await expect(s.read('/api/projects', down, { valid: isProjects })).rejects.toThrow();
    expect(await disk.get('/api/projects')).toBeUndefined();
    // A good copy still stands in as before.
    await disk.set('/api/projects', ['kept'], clock);
    expect(await s.read('/api/projects', down, { valid: isProjects })).toEqual(['kept']);
    disk.close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('tells what each read did: a miss, a hit, a stale answer with its refresh, a failed refresh, the last good copy', async () => {
    const events: string[] = [];
    const kept = memoryLastGood();
    const s = store({ lastGood: kept, onEvent: (event) => events.push(event) });
    const down = async (): Promise<string[]> => {
      throw new ContentError('GET /api/projects', 'unreachable');
    };
    await s.read('/api/projects', async () => ['v1']);
    await s.read('/api/projects', async () => ['v1']);
    expect(events).toEqual(['miss', 'hit']);
    vi.setSystemTime((clock += 61_000));
    expect(await s.read('/api/projects', down)).toEqual(['v1']);
    await flush();
    expect(events.slice(2)).toEqual(['stale', 'refresh', 'refresh_failed']);
    await kept.set('/api/articles', ['kept'], clock - 1_000);
    expect(await s.read('/api/articles', down)).toEqual(['kept']);
    expect(events.slice(5)).toEqual(['miss', 'last_good']);
  });
});
