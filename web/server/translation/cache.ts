import { openSqlite } from '../../app/lib/sqlite.server';

type Awaitable<T> = T | Promise<T>;

/** Where translations and the provider's daily budget are kept: this instance's file, or Redis. */
export interface TranslationCache {
  getMany(sources: readonly string[]): Awaitable<Map<string, string>>;
  set(source: string, target: string): Awaitable<void>;
  size(): Awaitable<number>;
  /** Characters sent to the provider on `day` (YYYY-MM-DD, UTC). */
  charsSpent(day: string): Awaitable<number>;
  /** Counts `chars` against `day` only if the day stays within `limit`, in one step: true when counted. */
  reserveChars(day: string, chars: number, limit: number): Awaitable<boolean>;
  close(): void;
}

/** The instance's own SQLite cache: synchronous. */
export interface LocalTranslationCache extends TranslationCache {
  getMany(sources: readonly string[]): Map<string, string>;
  set(source: string, target: string): void;
  size(): number;
  charsSpent(day: string): number;
  reserveChars(day: string, chars: number, limit: number): boolean;
  /** Counts `chars` against `day` whatever the total (a reservation made in Redis, mirrored here). */
  recordChars(day: string, chars: number): void;
}

const DAY_MS = 86_400_000;

/**
 * Translations kept in a SQLite file, so the provider's daily quota is spent once per string and
 * not once per visitor or restart. Only successful translations of published texts are stored
 * (the endpoint refuses the rest before they get here), and at most `maxEntries`: past that the
 * ones no page has asked for the longest go first. The file also counts the characters sent to
 * the provider per day, so the daily budget survives a restart.
 */
export function createTranslationCache(file: string, { maxEntries = 20_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {}): LocalTranslationCache {
  const db = openSqlite(file);
  db.exec(
    `CREATE TABLE IF NOT EXISTS translations (
       source TEXT PRIMARY KEY,
       target TEXT NOT NULL,
       created_at INTEGER NOT NULL
     );
     CREATE TABLE IF NOT EXISTS provider_usage (
       day TEXT PRIMARY KEY,
       chars INTEGER NOT NULL
     );`,
  );
  // Files from before the cache was bounded have no last-use column.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(translations)').all();
  if (!columns.some((column) => column.name === 'used_at')) {
    db.exec('ALTER TABLE translations ADD COLUMN used_at INTEGER NOT NULL DEFAULT 0');
  }
  db.exec('CREATE INDEX IF NOT EXISTS translations_used_at ON translations (used_at)');

  const select = db.prepare<[string], { target: string; used_at: number }>('SELECT target, used_at FROM translations WHERE source = ?');
  const touch = db.prepare('UPDATE translations SET used_at = ? WHERE source = ?');
  const upsert = db.prepare(
    'INSERT INTO translations (source, target, created_at, used_at) VALUES (?, ?, ?, ?) ON CONFLICT(source) DO UPDATE SET target = excluded.target, used_at = excluded.used_at',
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM translations');
  const prune = db.prepare('DELETE FROM translations WHERE source IN (SELECT source FROM translations ORDER BY used_at ASC LIMIT ?)');
  const spent = db.prepare<[string], { chars: number }>('SELECT chars FROM provider_usage WHERE day = ?');
  const spend = db.prepare('INSERT INTO provider_usage (day, chars) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET chars = chars + excluded.chars');
  const startDay = db.prepare('INSERT INTO provider_usage (day, chars) VALUES (?, 0) ON CONFLICT(day) DO NOTHING');
  const spendWithin = db.prepare('UPDATE provider_usage SET chars = chars + ? WHERE day = ? AND chars + ? <= ?');
  const forgetOldDays = db.prepare('DELETE FROM provider_usage WHERE day < ?');

  return {
    getMany(sources) {
      const found = new Map<string, string>();
      const time = now();
      for (const source of sources) {
        const row = select.get(source);
        if (!row) continue;
        found.set(source, row.target);
        // Last use kept to the day: one write per text per day at most.
        if (time - row.used_at > DAY_MS) touch.run(time, source);
      }
      return found;
    },
    set(source, target) {
      const time = now();
      upsert.run(source, target, time, time);
      const over = (count.get()?.n ?? 0) - maxEntries;
      if (over > 0) prune.run(over);
    },
    size: () => count.get()?.n ?? 0,
    charsSpent: (day) => spent.get(day)?.chars ?? 0,
    // One transaction: two requests can never both fit in what is left of the day.
    reserveChars: db.transaction((day: string, chars: number, limit: number) => {
      startDay.run(day);
      forgetOldDays.run(new Date(now() - 30 * DAY_MS).toISOString().slice(0, 10));
      return spendWithin.run(chars, day, chars, limit).changes === 1;
    }),
    recordChars(day, chars) {
      spend.run(day, chars);
    },
    close: () => db.close(),
  };
}
