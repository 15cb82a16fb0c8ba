import { preferRedis, type SharedRedis } from '../../app/lib/redis.server';
import type { LocalTranslationCache, TranslationCache } from './cache';

const DAY_S = 86_400;

/**
 * Translations and the provider's daily budget in Redis, shared by every instance: a text is sent
 * to the provider once for the whole site, and the budget is the site's, not each instance's.
 * Every translation is also kept in the instance's own file, which answers (with its own count of
 * the budget) while Redis is down.
 */
export function sharedTranslationCache(redis: SharedRedis, local: LocalTranslationCache, { maxEntries = 20_000 }: { maxEntries?: number } = {}): TranslationCache {
  const texts = redis.key('translate:texts');
  const used = redis.key('translate:used');
  const chars = (day: string) => redis.key(`translate:chars:${day}`);
  return {
    getMany: (sources) =>
      preferRedis(
        redis,
        async ({ client }) => {
          const found = new Map<string, string>();
          if (sources.length === 0) return found;
          const targets = await client.hmGet(texts, [...sources]);
          sources.forEach((source, index) => {
            const target = targets[index];
            if (typeof target === 'string') found.set(source, target);
          });
          if (found.size === 0) return found;
          const now = Date.now();
          await client.zAdd(used, [...found.keys()].map((value) => ({ score: now, value })));
          // Kept here too, in one read: this instance can answer them while Redis is away.
          const kept = local.getMany([...found.keys()]);
          for (const [source, target] of found) if (kept.get(source) !== target) local.set(source, target);
          return found;
        },
        () => local.getMany(sources),
      ),
    async set(source, target) {
      local.set(source, target);
      await preferRedis(
        redis,
        async ({ client }) => {
          await client.hSet(texts, source, target);
          await client.zAdd(used, { score: Date.now(), value: source });
          // Bounded like the file: the texts no page has asked for the longest go first.
          const over = (await client.zCard(used)) - maxEntries;
          if (over > 0) {
            const oldest = await client.zRange(used, 0, over - 1);
            if (oldest.length > 0) {
              await client.hDel(texts, oldest);
              await client.zRem(used, oldest);
            }
          }
        },
        () => undefined,
      );
    },
    size: () => preferRedis(redis, ({ client }) => client.hLen(texts), () => local.size()),
    charsSpent: (day) =>
      preferRedis(
        redis,
        async ({ client }) => Number((await client.get(chars(day))) ?? 0),
        () => local.charsSpent(day),
      ),
    // INCRBY, and DECRBY again when over: the site's total never passes the limit. This instance's
    // file counts the same characters, for the days Redis is away.
    reserveChars: (day, count, limit) =>
      preferRedis(
        redis,
        async ({ client }) => {
          const spent = await client.incrBy(chars(day), count);
          if (spent === count) await client.expire(chars(day), 40 * DAY_S);
          if (spent > limit) {
            await client.decrBy(chars(day), count);
            return false;
          }
          local.recordChars(day, count);
          return true;
        },
        () => local.reserveChars(day, count, limit),
      ),
    close: () => local.close(),
  };
}
