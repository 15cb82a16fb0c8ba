import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A SQLite file for one of the site's local stores (the last good content, the translation cache):
 * its folder made if needed, write-ahead logging so reads never wait on a write, and a short busy
 * timeout for a second process on the same file. `:memory:` for tests.
 */
export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 1000');
  return db;
}
