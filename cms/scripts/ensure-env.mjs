// Creates cms/.env with fresh secrets on the first run (never committed, never overwritten).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const envFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.env');
const secret = () => crypto.randomBytes(16).toString('base64');

const wanted = {
  APP_KEYS: () => [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret,
  ADMIN_JWT_SECRET: secret,
  TRANSFER_TOKEN_SALT: secret,
  JWT_SECRET: secret,
  ENCRYPTION_KEY: secret,
  // Shared with the site (npm start passes it on): the CMS's publish webhook proves itself with it.
  SITE_WEBHOOK_SECRET: () => crypto.randomBytes(24).toString('base64url'),
  // Shared with the site too: the admin's preview links carry it, the site's draft reads prove it.
  PREVIEW_SECRET: () => crypto.randomBytes(24).toString('base64url'),
};

const existing = fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8') : '';
const present = new Set(existing.split('\n').map((line) => line.split('=')[0].trim()).filter(Boolean));
const missing = Object.entries(wanted).filter(([key]) => !present.has(key) && !process.env[key]);

if (missing.length > 0) {
  const lines = missing.map(([key, make]) => `${key}=${make()}`);
  const prefix = existing && !existing.endsWith('\n') ? '\n' : '';
  fs.writeFileSync(envFile, `${existing}${prefix}${lines.join('\n')}\n`, { mode: 0o600 });
  console.log(`cms: wrote ${missing.length} generated secret(s) to cms/.env`);
}
