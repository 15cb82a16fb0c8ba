/**
 * A token bucket per key (a visitor's address): up to `burst` at once, refilled at `perSecond`.
 * `take(key)` is true when a token was there (and takes it).
 */
export function createTokenBuckets({ burst, perSecond, now = Date.now }: { burst: number; perSecond: number; now?: () => number }) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, time: number) => Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
  return (key: string): boolean => {
    const time = now();
    if (buckets.size > 10_000) for (const [name, bucket] of buckets) if (refilled(bucket, time) >= burst) buckets.delete(name);
    const bucket = buckets.get(key) ?? { tokens: burst, at: time };
    bucket.tokens = refilled(bucket, time);
    bucket.at = time;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}
