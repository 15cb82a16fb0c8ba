import { preferRedis, type SharedRedis } from '../../app/lib/redis.server';

type Awaitable<T> = T | Promise<T>;

/**
 * An amount per key and fixed window (provider characters per client and minute, or for the whole
 * site): `take` counts the amount only when it fits, in one step, so parallel requests can never
 * take more than the limit together. `giveBack` returns what was taken for nothing.
 */
export interface Quota {
  take(key: string, amount: number): Awaitable<boolean>;
  giveBack(key: string, amount: number): Awaitable<void>;
}

export function createQuota({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): Quota {
  const windows = new Map<string, { start: number; used: number }>();
  const current = (key: string) => {
    const time = now();
    if (windows.size > 10_000) for (const [name, window] of windows) if (time - window.start >= windowMs) windows.delete(name);
    const window = windows.get(key);
    if (window && time - window.start < windowMs) return window;
    const fresh = { start: time - (time % windowMs), used: 0 };
    windows.set(key, fresh);
    return fresh;
  };
  return {
    take(key, amount) {
      const window = current(key);
      if (window.used + amount > limit) return false;
      window.used += amount;
      return true;
    },
    giveBack(key, amount) {
      const window = current(key);
      window.used = Math.max(0, window.used - amount);
    },
  };
}

/**
 * The same quota counted in Redis for every instance: INCRBY, and DECRBY again when over the
 * limit (atomic per command: the total never passes the limit, though a request racing one that
 * is being undone may be refused). While Redis is away each instance counts its own share.
 */
export function sharedQuota(redis: SharedRedis, name: string, local: Quota, { limit, windowMs }: { limit: number; windowMs: number }): Quota {
  const keyOf = (key: string) => {
    const now = Date.now();
    return redis.key(`quota:${name}:${key}:${now - (now % windowMs)}`);
  };
  return {
    take: (key, amount) =>
      preferRedis(
        redis,
        async ({ client }) => {
          const counter = keyOf(key);
          const used = await client.incrBy(counter, amount);
          if (used === amount) await client.pExpire(counter, windowMs);
          if (used <= limit) return true;
          await client.decrBy(counter, amount);
          return false;
        },
        () => local.take(key, amount),
      ),
    giveBack: (key, amount) =>
      preferRedis(
        redis,
        async ({ client }) => void (await client.decrBy(keyOf(key), amount)),
        () => local.giveBack(key, amount),
      ),
  };
}
