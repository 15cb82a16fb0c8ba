import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface TranslationCache {
  getMany(sources: readonly string[]): Map<string, string>;
  set(source: string, target: string): void;
  size(): number;
  close(): void;
}

/**
 * Translations kept in a SQLite file, so the provider's daily quota is spent once per string and
 * not once per visitor or restart. Only successful translations are stored.
 */
export function createTranslationCache(file: string): TranslationCache {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(
    `CREATE TABLE IF NOT EXISTS translations (
       source TEXT PRIMARY KEY,
       target TEXT NOT NULL,
       created_at INTEGER NOT NULL
     )`,
  );
  const select = db.prepare<[string], { target: string }>('SELECT target FROM translations WHERE source = ?');
  const upsert = db.prepare('INSERT INTO translations (source, target, created_at) VALUES (?, ?, ?) ON CONFLICT(source) DO UPDATE SET target = excluded.target');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM translations');
  return {
    getMany(sources) {
      const found = new Map<string, string>();
      for (const source of sources) {
        const row = select.get(source);
        if (row) found.set(source, row.target);
      }
      return found;
    },
    set(source, target) {
      upsert.run(source, target, Date.now());
    },
    size: () => count.get()?.n ?? 0,
    close: () => db.close(),
  };
}
