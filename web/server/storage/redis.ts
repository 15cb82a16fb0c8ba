import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

/** A client that fails fast while disconnected and reconnects in the background (at most every 2 s). */
const newClient = (url: string, commandTimeoutMs: number) =>
  createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: commandTimeoutMs },
    socket: { connectTimeout: 1_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000) },
  });
type Client = ReturnType<typeof newClient>;

export interface SharedRedis {
  /** True while connected: callers use Redis then, and their local stores otherwise. */
  ready(): boolean;
  /** The command client (commands fail fast while disconnected: no offline queue, short timeout). */
  client: Client;
  /** Prefix of every key and channel, so several sites can share one Redis. */
  key(name: string): string;
  /** This process's id, to tell its own broadcasts from other instances'. */
  instanceId: string;
  /** Runs `onMessage` for every message on `channel` from any instance (resubscribed after a reconnect). */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  close(): Promise<void>;
}

export interface RedisOptions {
  url: string;
  prefix?: string;
  /** Longest a command may take before the caller falls back to its local store. */
  commandTimeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * One Redis shared by every site instance (REDIS_URL): content answers and last good copies,
 * translations and the provider budget, rate-limit counters, and the purge broadcast. Redis is a
 * help, never a requirement: while it is down, commands fail at once (no offline queue), each
 * instance serves from its own caches, and the client reconnects in the background (at most every
 * 2 s); everything goes back to Redis when it returns.
 */
export function connectRedis({ url, prefix = 'studio:', commandTimeoutMs = 250, log = console.warn }: RedisOptions): SharedRedis {
  const client = newClient(url, commandTimeoutMs);
  const subscriber = newClient(url, commandTimeoutMs);
  // Ready or not is the client's own state; the listeners only say when it changes.
  let announced = false;
  client.on('ready', () => {
    announced = true;
    log(`[redis] connected to ${redact(url)}: caches, budget and purges are shared`);
  });
  client.on('error', (error: Error) => {
    if (announced) log(`[redis] connection lost (${error.message}); serving from local caches until it returns`);
    announced = false;
  });
  subscriber.on('error', () => {}); // its reconnects follow the command client's, which logs them
  // Subscriptions wait for the first connection; node-redis renews them after a reconnect.
  const wanted = new Map<string, (message: string) => void>();
  const active = new Set<string>();
  const subscribeWanted = async () => {
    for (const [channel, onMessage] of wanted) {
      if (active.has(channel) || !subscriber.isReady) continue;
      await subscriber.subscribe(channel, onMessage);
      active.add(channel);
    }
  };
  subscriber.on('ready', () => void subscribeWanted().catch(() => {}));
  client.connect().catch((error: Error) => log(`[redis] not reachable yet (${error.message}); local caches meanwhile`));
  subscriber.connect().catch(() => {});
  const instanceId = randomUUID();
  return {
    ready: () => client.isReady,
    client,
    key: (name) => `${prefix}${name}`,
    instanceId,
    async subscribe(channel, onMessage) {
      wanted.set(`${prefix}${channel}`, onMessage);
      await subscribeWanted().catch(() => {});
    },
    async publish(channel, message) {
      await client.publish(`${prefix}${channel}`, message);
    },
    async close() {
      // A graceful close waits for pending replies; a Redis that never answers would hold it
      // forever, so after a second the sockets are simply dropped.
      const graceful = Promise.allSettled([client.close(), subscriber.close()]);
      const late = await Promise.race([graceful.then(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, 1_000, true).unref())]);
      if (late) {
        for (const connection of [client, subscriber]) {
          try {
            connection.destroy();
          } catch {
            // already closed
          }
        }
      }
    },
  };
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

/** Runs `work` on Redis when it is up, else (or when it fails) `local`. */
export async function preferRedis<T>(redis: SharedRedis | null, work: (redis: SharedRedis) => Promise<T>, local: () => T | Promise<T>): Promise<T> {
  if (redis?.ready()) {
    try {
      return await work(redis);
    } catch {
      // Redis went away mid-command: this answer comes from the local store.
    }
  }
  return local();
}
