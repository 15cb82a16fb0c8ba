/**
 * At most `limit` tasks at a time; the rest wait in order. A waiter whose signal aborts leaves
 * the queue at once, so a visitor who gave up never holds a place. (Small enough to keep here:
 * the kept limiters, p-limit and friends, cannot drop one queued task on its own abort.)
 */
export function createConnectionLimit(limit: number) {
  let running = 0;
  const waiting: Array<{ start: () => void; signal?: AbortSignal; onAbort: () => void }> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      next.signal?.removeEventListener('abort', next.onAbort);
      running += 1;
      next.start();
    }
  };

  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (running < limit) {
        running += 1;
        return resolve();
      }
      const entry = {
        start: resolve,
        signal,
        onAbort: () => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      waiting.push(entry);
    });

  return {
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
