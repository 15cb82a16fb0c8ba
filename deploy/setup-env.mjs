// `node deploy/setup-env.mjs SITE_DOMAIN [CMS_DOMAIN] [--dir /etc/studio]`: the settings and secrets
// of a studio's server (docs/deploy.md), as the units and Caddy read them:
//   cms.env    the CMS: Strapi's secrets, the site's address and the secrets shared with the site
//   site.env   the site: its public address, the CMS, the shared secrets
//   caddy.env  the front door: the domains (deploy/Caddyfile)
// Fresh random secrets where a file has none; what is already there is kept (run it again after
// adding CMS_DOMAIN, or to check). Files are readable by root and the group `studio` only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? args[dirAt + 1] : '/etc/studio';
const [siteDomain, cmsDomain] = args.filter((arg, index) => !arg.startsWith('--') && index !== dirAt + 1);
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
if (!siteDomain || !DOMAIN.test(siteDomain) || (cmsDomain && !DOMAIN.test(cmsDomain))) {
  console.error('Usage: node deploy/setup-env.mjs SITE_DOMAIN [CMS_DOMAIN] [--dir /etc/studio]   e.g. studio.example admin.studio.example');
  process.exit(2);
}

const secret = (bytes = 24) => crypto.randomBytes(bytes).toString('base64url');
const read = (file) =>
  fs.existsSync(file)
    ? Object.fromEntries(
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => /^[A-Z0-9_]+=/.test(line))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      )
    : {};

const cmsFile = path.join(dir, 'cms.env');
const siteFile = path.join(dir, 'site.env');
const had = { ...read(siteFile), ...read(cmsFile) };
const shared = { SITE_WEBHOOK_SECRET: had.SITE_WEBHOOK_SECRET ?? secret(), PREVIEW_SECRET: had.PREVIEW_SECRET ?? secret() };
const site = `https://${siteDomain}`;
const admin = cmsDomain ? `https://${cmsDomain}` : undefined;

const files = {
  [cmsFile]: {
    APP_KEYS: had.APP_KEYS ?? [secret(16), secret(16), secret(16), secret(16)].join(','),
    API_TOKEN_SALT: had.API_TOKEN_SALT ?? secret(16),
    ADMIN_JWT_SECRET: had.ADMIN_JWT_SECRET ?? secret(16),
    TRANSFER_TOKEN_SALT: had.TRANSFER_TOKEN_SALT ?? secret(16),
    JWT_SECRET: had.JWT_SECRET ?? secret(16),
    ENCRYPTION_KEY: had.ENCRYPTION_KEY ?? secret(16),
    ...shared,
    SITE_URL: site,
    SITE_WEBHOOK_URL: 'http://127.0.0.1:3000/_webhooks/content',
    // The admin behind Caddy: editors' addresses from X-Forwarded-For (sign-in limits).
    CMS_TRUST_PROXY: 'true',
  },
  [siteFile]: {
    ...shared,
    PUBLIC_URL: site,
    CMS_URL: 'http://127.0.0.1:1337',
    ...(admin ? { CMS_ADMIN_ORIGINS: admin } : {}),
  },
  [path.join(dir, 'caddy.env')]: { SITE_DOMAIN: siteDomain, ...(cmsDomain ? { CMS_DOMAIN: cmsDomain } : {}) },
};

fs.mkdirSync(dir, { recursive: true, mode: 0o750 });
for (const [file, values] of Object.entries(files)) {
  const kept = read(file);
  const lines = Object.entries({ ...values, ...Object.fromEntries(Object.entries(kept).filter(([key]) => !['SITE_URL', 'PUBLIC_URL', 'CMS_ADMIN_ORIGINS', 'SITE_DOMAIN', 'CMS_DOMAIN'].includes(key))) }).map(([key, value]) => `${key}=${value}`);
  fs.writeFileSync(file, `# Written by deploy/setup-env.mjs; secrets are kept when it runs again.\n${lines.join('\n')}\n`, { mode: 0o640 });
  console.log(`setup-env: ${file}`);
}
