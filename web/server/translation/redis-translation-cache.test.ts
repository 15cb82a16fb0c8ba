import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type SharedRedis } from '../../app/lib/redis.server';
import { createTranslationCache } from './cache';
import { createQuota, sharedQuota } from './quota';
import { sharedTranslationCache } from './redis-translation-cache';

// Against the machine's real Redis (TEST_REDIS_URL or 127.0.0.1:6379), each run under its own prefix.
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-${randomUUID()}:`;
const opened: SharedRedis[] = [];
const instance = async (at = url) => {
  const redis = connectRedis({ url: at, prefix, log: () => {} });
  opened.push(redis);
  if (at === url) await vi.waitFor(() => expect(redis.ready()).toBe(true), { timeout: 5_000 });
  return redis;
};

afterAll(async () => {
  const first = opened.find((redis) => redis.ready());
  if (first) for await (const keys of first.client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await first.client.del(keys);
  await Promise.all(opened.map((redis) => redis.close()));
});

describe('translations shared through Redis', () => {
  it('a text translated by one instance is known to the other, and kept locally by both', async () => {
    const localA = createTranslationCache(':memory:');
    const localB = createTranslationCache(':memory:');
    const a = sharedTranslationCache(await instance(), localA);
    const b = sharedTranslationCache(await instance(), localB);
    await a.set('山茶咖啡', 'Camellia Coffee');
    expect(await b.getMany(['山茶咖啡', '没有'])).toEqual(new Map([['山茶咖啡', 'Camellia Coffee']]));
    expect(localB.getMany(['山茶咖啡']).get('山茶咖啡')).toBe('Camellia Coffee');
    expect(await b.size()).toBe(1);
  });

  it('counts the provider budget for the whole site, and never past its limit even in parallel', async () => {
    const a = sharedTranslationCache(await instance(), createTranslationCache(':memory:'));
    const b = sharedTranslationCache(await instance(), createTranslationCache(':memory:'));
    expect(await a.reserveChars('2026-11-23', 30, 50)).toBe(true);
    expect(await b.reserveChars('2026-11-23', 12, 50)).toBe(true);
    expect(await a.charsSpent('2026-11-23')).toBe(42);
    const raced = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? a : b).reserveChars('2026-11-23', 3, 50)));
    expect(raced.filter(Boolean).length).toBeLessThanOrEqual(2);
    expect(await b.charsSpent('2026-11-23')).toBeLessThanOrEqual(50);
  });

  it('shares a per-minute quota of characters between instances', async () => {
    const settings = { limit: 10, windowMs: 60_000 };
    const a = sharedQuota(await instance(), 'chars', createQuota(settings), settings);
    const b = sharedQuota(await instance(), 'chars', createQuota(settings), settings);
    expect(await a.take('203.0.113.9', 6)).toBe(true);
    expect(await b.take('203.0.113.9', 6)).toBe(false);
    expect(await b.take('203.0.113.9', 4)).toBe(true);
    await a.giveBack('203.0.113.9', 4);
    expect(await b.take('203.0.113.9', 4)).toBe(true);
  });

  it('keeps at most maxEntries, the longest unused going first', async () => {
    const cache = sharedTranslationCache(await instance(), createTranslationCache(':memory:'), { maxEntries: 2 });
    await cache.set('甲甲', 'a');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.set('乙乙', 'b');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.getMany(['甲甲']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.set('丙丙', 'c');
    expect([...(await cache.getMany(['甲甲', '乙乙', '丙丙'])).keys()]).toEqual(['甲甲', '丙丙']);
  });

  it('falls back to the instance file while Redis is down', async () => {
    const local = createTranslationCache(':memory:');
    local.set('北岸书店', 'North Shore Books');
    local.recordChars('2026-11-23', 5);
    const cache = sharedTranslationCache(await instance('redis://127.0.0.1:1'), local);
    expect(await cache.getMany(['北岸书店'])).toEqual(new Map([['北岸书店', 'North Shore Books']]));
    expect(await cache.charsSpent('2026-11-23')).toBe(5);
    await cache.set('云上茶舍', 'Cloud Teahouse');
    expect(local.getMany(['云上茶舍']).size).toBe(1);
  });
});
