export interface RateLimiter {
  /** Seconds to wait when over the budget, or 0 when the request may go ahead. */
  take(client: string): number | Promise<number>;
}

/**
 * A fixed-window request budget per client address: enough for a visitor toggling and browsing,
 * too little to use the site as a free translation proxy.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Seconds to wait when over the budget, or 0 when the request may go ahead. */
    take(client: string): number {
      const time = now();
      if (windows.size > 10_000) {
        for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
      }
      const window = windows.get(client);
      if (!window || time - window.start >= windowMs) {
        windows.set(client, { start: time, count: 1 });
        return 0;
      }
      window.count += 1;
      return window.count > limit ? Math.ceil((window.start + windowMs - time) / 1000) : 0;
    },
  };
}
