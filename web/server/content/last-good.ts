import { openSqlite } from '../storage/sqlite';

export interface KeptContent {
  value: unknown;
  /** When the CMS gave it (ms since the epoch). */
  fetchedAt: number;
}

/**
 * The last good answer of every content call, kept where a restart does not lose it: a site
 * restarted during a CMS outage still serves the content it served before.
 */
export interface LastGoodStore {
  get(key: string): Promise<KeptContent | undefined>;
  set(key: string, value: unknown, fetchedAt: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): void;
}

export function memoryLastGood(): LastGoodStore {
  const kept = new Map<string, KeptContent>();
  return {
    get: async (key) => kept.get(key),
    set: async (key, value, fetchedAt) => void kept.set(key, { value, fetchedAt }),
    delete: async (key) => void kept.delete(key),
    close: () => kept.clear(),
  };
}

/** SQLite beside the translation cache (one small row per content call). */
export function sqliteLastGood(file: string): LastGoodStore {
  const db = openSqlite(file);
  db.exec('CREATE TABLE IF NOT EXISTS last_good (key TEXT PRIMARY KEY, value TEXT NOT NULL, fetched_at INTEGER NOT NULL)');
  const select = db.prepare<[string], { value: string; fetched_at: number }>('SELECT value, fetched_at FROM last_good WHERE key = ?');
  const remove = db.prepare('DELETE FROM last_good WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO last_good (key, value, fetched_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at',
  );
  return {
    async get(key) {
      const row = select.get(key);
      if (!row) return undefined;
      try {
        return { value: JSON.parse(row.value) as unknown, fetchedAt: row.fetched_at };
      } catch {
        return undefined;
      }
    },
    async set(key, value, fetchedAt) {
      upsert.run(key, JSON.stringify(value), fetchedAt);
    },
    async delete(key) {
      remove.run(key);
    },
    close: () => db.close(),
  };
}
