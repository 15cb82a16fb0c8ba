import { createQuota, type Quota } from './quota';

export interface RateLimiter {
  /** Seconds to wait when over the budget, or 0 when the request may go ahead. */
  take(client: string): number | Promise<number>;
}

/**
 * A request budget per client address (one request is one unit of `quota`, a fixed window of
 * `windowMs`): enough for a visitor toggling and browsing, too little to use the site as a free
 * translation proxy. Counted across instances when the quota is (`sharedQuota`).
 */
export function rateLimiter(quota: Quota, windowMs: number, now: () => number = Date.now): RateLimiter {
  const wait = (allowed: boolean) => (allowed ? 0 : Math.ceil((windowMs - (now() % windowMs)) / 1000));
  return {
    take(client) {
      const allowed = quota.take(client, 1);
      return typeof allowed === 'boolean' ? wait(allowed) : allowed.then(wait);
    },
  };
}

/** The limiter of one instance alone. */
export const createRateLimiter = ({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): RateLimiter =>
  rateLimiter(createQuota({ limit, windowMs, now }), windowMs, now);
