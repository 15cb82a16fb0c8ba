// Throw-away CMS databases for the tests and the bench: a file in a temporary folder (SQLite, the
// default) or a fresh PostgreSQL database created for the run and dropped after it.
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cmsDir } from './stack.mjs';

/** Where the tests find PostgreSQL: an admin connection that may create and drop databases. */
export const testPostgresUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/** Which database the CMS of a test run uses: `sqlite` (default) or `postgres`. */
export function databaseKind(variable) {
  const kind = (process.env[variable] ?? 'sqlite').toLowerCase();
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`${variable} must be sqlite or postgres, not ${kind}`);
  return kind;
}

/**
 * A database for one throw-away CMS: `env` are the CMS's DATABASE_* variables, `drop()` removes
 * it; with `template`, a copy of that one. PostgreSQL that cannot be reached is an error that says
 * so, never a silent SQLite.
 */
export async function temporaryDatabase(kind, { dataDir, label = 'test', template }) {
  if (kind === 'sqlite') {
    if (template) {
      for (const file of fs.readdirSync(path.dirname(template.file)).filter((name) => name.startsWith(path.basename(template.file)))) {
        fs.copyFileSync(path.join(path.dirname(template.file), file), path.join(dataDir, file.replace(path.basename(template.file), 'data.db')));
      }
    }
    const file = path.join(dataDir, 'data.db');
    return { kind, file, env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file }, drop: async () => {} };
  }
  const name = `${label}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/g, '_');
  await withAdmin(async (admin) => {
    if (!template) return admin.query(`CREATE DATABASE "${name}"`);
    // A copy of a database in use: its connections are closed first (the CMS's pool opens new
    // ones when it next needs them), and a connection that slips in between is retried.
    for (let attempt = 1; ; attempt += 1) {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [template.name]);
      try {
        return await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
      } catch (error) {
        if (attempt >= 5 || error.code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return {
    kind,
    name,
    env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: url.href, DATABASE_POOL_MIN: '0', DATABASE_POOL_MAX: '5' },
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function withAdmin(work) {
  const { Client } = createRequire(path.join(cmsDir, 'package.json'))('pg');
  const adminUrl = new URL(testPostgresUrl());
  const admin = new Client({ connectionString: adminUrl.href, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl.host} (TEST_POSTGRES_URL): ${error.message}. ` +
        'Start it, e.g. pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  }
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
