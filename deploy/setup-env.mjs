// `node deploy/setup-env.mjs SITE_DOMAIN [CMS_DOMAIN] [--language CODE] [--empty] [--dir /etc/studio]`:
// the settings and secrets of a studio's server (docs/deploy.md), as the units and Caddy read them:
//   cms.env    the CMS: Strapi's secrets, the site's address and the secrets shared with the site
//   site.env   the site: its public address, the CMS, the shared secrets
//   caddy.env  the front door: the domains (deploy/Caddyfile)
// Fresh random secrets where a file has none; what is already there is kept (run it again after
// adding CMS_DOMAIN, or to check). `--language de` makes German the studio's source language (the
// default is Chinese, zh-Hans); `--empty` starts the studio without the demo's content. The files
// are root's only: systemd reads them before it starts a service as its own user.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const dir = valueOf('--dir') ?? '/etc/studio';
const language = valueOf('--language');
const flagValues = new Set(['--dir', '--language'].filter((flag) => args.includes(flag)).map((flag) => args.indexOf(flag) + 1));
const [siteDomain, cmsDomain] = args.filter((arg, index) => !arg.startsWith('--') && !flagValues.has(index));
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
if (!siteDomain || !DOMAIN.test(siteDomain) || (cmsDomain && !DOMAIN.test(cmsDomain)) || (args.includes('--language') && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language ?? ''))) {
  console.error('Usage: node deploy/setup-env.mjs SITE_DOMAIN [CMS_DOMAIN] [--language CODE] [--empty] [--dir /etc/studio]   e.g. studio.example admin.studio.example --language de');
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
    // Where it listens and keeps its data: here rather than in the unit, so `npm run admin` (step 9)
    // reads the same database as the service.
    NODE_ENV: had.NODE_ENV ?? 'production',
    CMS_HOST: had.CMS_HOST ?? '127.0.0.1',
    CMS_PORT: had.CMS_PORT ?? '1337',
    DATABASE_FILENAME: had.DATABASE_FILENAME ?? '/var/lib/studio/cms/data.db',
    CMS_PUBLIC_DIR: had.CMS_PUBLIC_DIR ?? '/var/lib/studio/cms/public',
    ...(language ? { CMS_DEFAULT_LOCALE: language } : had.CMS_DEFAULT_LOCALE ? { CMS_DEFAULT_LOCALE: had.CMS_DEFAULT_LOCALE } : {}),
    ...(args.includes('--empty') ? { CMS_SEED: 'false' } : had.CMS_SEED ? { CMS_SEED: had.CMS_SEED } : {}),
  },
  [siteFile]: {
    ...shared,
    PUBLIC_URL: site,
    CMS_URL: 'http://127.0.0.1:1337',
    ...(admin ? { CMS_ADMIN_ORIGINS: admin } : {}),
  },
  [path.join(dir, 'caddy.env')]: { SITE_DOMAIN: siteDomain, ...(cmsDomain ? { CMS_DOMAIN: cmsDomain } : {}) },
};

fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
for (const [file, values] of Object.entries(files)) {
  const kept = read(file);
  const lines = Object.entries({ ...values, ...Object.fromEntries(Object.entries(kept).filter(([key]) => !['SITE_URL', 'PUBLIC_URL', 'CMS_ADMIN_ORIGINS', 'SITE_DOMAIN', 'CMS_DOMAIN', ...Object.keys(values)].includes(key))) }).map(([key, value]) => `${key}=${value}`);
  fs.writeFileSync(file, `# Written by deploy/setup-env.mjs; secrets are kept when it runs again.\n${lines.join('\n')}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  console.log(`setup-env: ${file}`);
}
