import type { CacheEntry } from '@epic-web/cachified';
import type { KeptContent, LastGoodStore } from './last-good';
import { preferRedis, type SharedRedis } from '../storage/redis';

/** How long a shared answer is kept in Redis at most (the TTL decides when it is refreshed). */
const SHARED_ANSWER_MS = 24 * 60 * 60 * 1000;

/** The content answers every instance shares: a second level under each instance's memory. */
export interface SharedAnswers {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes the answers whose key passes `matches` (all when omitted); how many. */
  purge(matches?: (key: string) => boolean): Promise<number>;
}

const parse = <T>(text: string | null): T | undefined => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

export function redisAnswers(redis: SharedRedis): SharedAnswers {
  const prefix = redis.key('content:');
  const skip = async () => undefined;
  return {
    get: (key) => preferRedis(redis, async ({ client }) => parse<CacheEntry>(await client.get(prefix + key)), skip),
    set: (key, entry) => preferRedis(redis, async ({ client }) => void (await client.set(prefix + key, JSON.stringify(entry), { PX: SHARED_ANSWER_MS })), skip),
    delete: (key) => preferRedis(redis, async ({ client }) => void (await client.del(prefix + key)), skip),
    purge: (matches = () => true) =>
      preferRedis(
        redis,
        async ({ client }) => {
          let dropped = 0;
          for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 200 })) {
            const doomed = keys.filter((key) => matches(key.slice(prefix.length)));
            if (doomed.length > 0) dropped += await client.del(doomed);
          }
          return dropped;
        },
        () => 0,
      ),
  };
}

/**
 * Last good copies in Redis, so an instance that never saw a page can still serve it during a CMS
 * outage; written to the instance's own store too, which answers while Redis is down.
 */
export function redisLastGood(redis: SharedRedis, local: LastGoodStore): LastGoodStore {
  const prefix = redis.key('last-good:');
  return {
    get: (key) =>
      preferRedis(
        redis,
        async ({ client }) => parse<KeptContent>(await client.get(prefix + key)) ?? (await local.get(key)),
        () => local.get(key),
      ),
    async set(key, value, fetchedAt) {
      await local.set(key, value, fetchedAt);
      await preferRedis(redis, async ({ client }) => void (await client.set(prefix + key, JSON.stringify({ value, fetchedAt }))), () => undefined);
    },
    async delete(key) {
      await local.delete(key);
      await preferRedis(redis, async ({ client }) => void (await client.del(prefix + key)), () => undefined);
    },
    close: () => local.close(),
  };
}
