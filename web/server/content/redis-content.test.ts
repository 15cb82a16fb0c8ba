import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createContentStore } from './content-store';
import { memoryLastGood } from './last-good';
import { redisAnswers, redisLastGood } from './redis-content';
import { connectRedis, type SharedRedis } from '../storage/redis';

// Against the machine's real Redis (REDIS_URL or 127.0.0.1:6379), each run under its own prefix.
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-${randomUUID()}:`;
const opened: SharedRedis[] = [];
const instance = () => {
  const redis = connectRedis({ url, prefix, log: () => {} });
  opened.push(redis);
  return redis;
};
const connected = async (redis: SharedRedis) => {
  await vi.waitFor(() => expect(redis.ready()).toBe(true), { timeout: 5_000 });
  return redis;
};

afterAll(async () => {
  const [first] = opened;
  if (first?.ready()) {
    for await (const keys of first.client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await first.client.del(keys);
  }
  await Promise.all(opened.map((redis) => redis.close()));
});

describe('content shared through Redis', () => {
  it('an answer one instance fetched is served to another without a CMS call', async () => {
    const a = await connected(instance());
    const b = await connected(instance());
    const storeA = createContentStore({ ttlMs: 60_000, deadlineMs: 1_000, shared: redisAnswers(a) });
    const storeB = createContentStore({ ttlMs: 60_000, deadlineMs: 1_000, shared: redisAnswers(b) });
    const load = vi.fn(async () => ({ data: ['项目一'] }));
    expect(await storeA.read('/api/projects', load)).toEqual({ data: ['项目一'] });
    await vi.waitFor(async () => expect(await a.client.exists(a.key('content:/api/projects'))).toBe(1));
    expect(await storeB.read('/api/projects', load)).toEqual({ data: ['项目一'] });
    expect(load).toHaveBeenCalledTimes(1);
    // A purge drops the shared answer: the next reader asks the CMS again.
    expect(await redisAnswers(a).purge((key) => key.startsWith('/api/projects'))).toBe(1);
    const fresh = createContentStore({ ttlMs: 60_000, deadlineMs: 1_000, shared: redisAnswers(b) });
    await fresh.read('/api/projects', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps last good copies for every instance, and the local store answers while Redis is away', async () => {
    const a = await connected(instance());
    const localB = memoryLastGood();
    const b = await connected(instance());
    await redisLastGood(a, memoryLastGood()).set('/api/articles', { data: [1] }, 42);
    expect(await redisLastGood(b, localB).get('/api/articles')).toEqual({ value: { data: [1] }, fetchedAt: 42 });
    const down = connectRedis({ url: 'redis://127.0.0.1:1', prefix, log: () => {} });
    opened.push(down);
    const local = memoryLastGood();
    await local.set('/api/articles', { data: [2] }, 7);
    expect(await redisLastGood(down, local).get('/api/articles')).toEqual({ value: { data: [2] }, fetchedAt: 7 });
  });

  it('tells every other instance about a purge (pub/sub)', async () => {
    const a = await connected(instance());
    const b = await connected(instance());
    const heard: string[] = [];
    await b.subscribe('purge', (message) => heard.push(message));
    await vi.waitFor(async () => {
      await a.publish('purge', 'project');
      expect(heard).toContain('project');
    });
  });

  it('answers at once from local stores when Redis does not answer at all', async () => {
    // A port that accepts and never speaks: commands must not hang the page.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const redis = connectRedis({ url: `redis://127.0.0.1:${port}`, prefix, log: () => {} });
    opened.push(redis);
    const store = createContentStore({ ttlMs: 60_000, deadlineMs: 1_000, shared: redisAnswers(redis) });
    const started = Date.now();
    expect(await store.read('/api/profilelists', async () => ({ data: [] }))).toEqual({ data: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    silent.close();
  });
});
