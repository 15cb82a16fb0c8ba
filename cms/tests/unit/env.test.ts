import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CmsEnvError, readCmsEnv } from '../../src/env';

/** Strapi's secrets, which have no default. */
const SECRETS = { APP_KEYS: 'k1,k2', API_TOKEN_SALT: 'salt', ADMIN_JWT_SECRET: 'jwt', TRANSFER_TOKEN_SALT: 'transfer', ENCRYPTION_KEY: 'key' };

/** The one line a bad `source` gives. */
function problem(source: Record<string, string>): string {
  try {
    readCmsEnv({ ...SECRETS, ...source });
  } catch (error) {
    if (error instanceof CmsEnvError) return error.message;
    throw error;
  }
  throw new Error('no error');
}

describe('the CMS environment', () => {
  it('gives typed values with the defaults when only the secrets are set', () => {
    const env = readCmsEnv(SECRETS);
    expect(env).toMatchObject({
      APP_KEYS: ['k1', 'k2'],
      CMS_HOST: '127.0.0.1',
      CMS_PORT: 1337,
      CMS_TRUST_PROXY: false,
      CMS_PUBLIC_DIR: './public',
      CMS_STARTUP_BANNER: true,
      CMS_CORS_ORIGINS: [],
      CMS_UPLOAD_SIZE_LIMIT: 200 * 1024 * 1024,
      CMS_LOG_FORMAT: 'text',
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: '.tmp/data.db',
      SITE_URL: 'http://localhost:3000',
      CMS_ADMIN_FIRSTNAME: 'Studio',
      CMS_ADMIN_LASTNAME: 'Admin',
      CMS_DEFAULT_LOCALE: 'zh-Hans',
      CMS_SEED: true,
      CMS_RESTORE_EMPTY_ONLY: false,
      CMS_LEADER_RETRY_MS: 15_000,
      TRANSLATE_URL: 'https://api.mymemory.translated.net',
      TRANSLATE_DAILY_CHARS: 40_000,
      CMS_FILL_RETRY_MS: 5_000,
      CMS_FILL_MAX_RETRY_MS: 600_000,
      CMS_FILL_INTERVAL_MS: 1_000,
      postgres: undefined,
      s3: undefined,
    });
    for (const name of ['JWT_SECRET', 'SITE_WEBHOOK_URL', 'SITE_WEBHOOK_SECRET', 'PREVIEW_SECRET', 'CMS_ADMIN_EMAIL', 'CMS_ADMIN_PASSWORD', 'TRANSLATE_EMAIL'] as const) {
      expect(env[name]).toBeUndefined();
    }
    expect(Object.isFrozen(env)).toBe(true);
    expect(Object.isFrozen(env.APP_KEYS)).toBe(true);
  });

  it('reads what is set, and an empty variable as unset', () => {
    const env = readCmsEnv({
      ...SECRETS,
      APP_KEYS: '[one, "two"]',
      CMS_PORT: '1437',
      CMS_TRUST_PROXY: 'true',
      CMS_STARTUP_BANNER: 'false',
      CMS_CORS_ORIGINS: 'https://a.example, https://b.example',
      CMS_LOG_FORMAT: 'json',
      SITE_URL: 'https://studio.example/',
      SITE_WEBHOOK_URL: 'http://127.0.0.1:3000/_webhooks/content',
      SITE_WEBHOOK_SECRET: 'shared',
      PREVIEW_SECRET: '',
      CMS_ADMIN_EMAIL: 'admin@studio.example',
      CMS_ADMIN_PASSWORD: 'Secret123',
      CMS_ADMIN_FIRSTNAME: '',
      CMS_DEFAULT_LOCALE: 'de',
      CMS_SEED: 'false',
      CMS_RESTORE_EMPTY_ONLY: 'true',
      CMS_LEADER_RETRY_MS: '1000',
      TRANSLATE_DAILY_CHARS: '0',
      // Read for PostgreSQL only: nothing to check with SQLite.
      DATABASE_PORT: 'not read',
    });
    expect(env).toMatchObject({
      APP_KEYS: ['one', 'two'],
      CMS_PORT: 1437,
      CMS_TRUST_PROXY: true,
      CMS_STARTUP_BANNER: false,
      CMS_CORS_ORIGINS: ['https://a.example', 'https://b.example'],
      CMS_LOG_FORMAT: 'json',
      SITE_URL: 'https://studio.example/',
      SITE_WEBHOOK_URL: 'http://127.0.0.1:3000/_webhooks/content',
      SITE_WEBHOOK_SECRET: 'shared',
      CMS_ADMIN_EMAIL: 'admin@studio.example',
      CMS_ADMIN_FIRSTNAME: 'Studio',
      CMS_DEFAULT_LOCALE: 'de',
      CMS_SEED: false,
      CMS_RESTORE_EMPTY_ONLY: true,
      CMS_LEADER_RETRY_MS: 1000,
      TRANSLATE_DAILY_CHARS: 0,
      postgres: undefined,
    });
    expect(env.PREVIEW_SECRET).toBeUndefined();
  });

  it("reads PostgreSQL's settings, with their defaults, when DATABASE_CLIENT=postgres", () => {
    expect(readCmsEnv({ ...SECRETS, DATABASE_CLIENT: 'postgres' }).postgres).toEqual({
      DATABASE_URL: undefined,
      DATABASE_HOST: 'localhost',
      DATABASE_PORT: 5432,
      DATABASE_NAME: 'strapi',
      DATABASE_USERNAME: 'strapi',
      DATABASE_PASSWORD: 'strapi',
      DATABASE_SSL: false,
      DATABASE_SSL_REJECT_UNAUTHORIZED: true,
      DATABASE_SCHEMA: 'public',
      DATABASE_STATEMENT_TIMEOUT_MS: 60_000,
      DATABASE_POOL_MIN: 2,
      DATABASE_POOL_MAX: 10,
    });
    const env = readCmsEnv({ ...SECRETS, DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://u:p@db/strapi', DATABASE_POOL_MIN: '0', DATABASE_POOL_MAX: '5', DATABASE_SSL: 'true' });
    expect(env.postgres).toMatchObject({ DATABASE_URL: 'postgres://u:p@db/strapi', DATABASE_POOL_MIN: 0, DATABASE_POOL_MAX: 5, DATABASE_SSL: true });
  });

  it('reads the bucket as media-storage does', () => {
    const env = readCmsEnv({ ...SECRETS, S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(env.s3).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, publicUrl: 'http://127.0.0.1:9000/media', acl: 'public-read' });
  });

  const bad: [Record<string, string>, string][] = [
    [{ DATABASE_CLIENT: 'mysql' }, 'DATABASE_CLIENT must be "sqlite" or "postgres" (got "mysql")'],
    [{ CMS_LEADER_RETRY_MS: 'soon' }, 'CMS_LEADER_RETRY_MS must be a whole number, at least 1 (got "soon")'],
    [{ CMS_LEADER_RETRY_MS: '0' }, 'CMS_LEADER_RETRY_MS must be a whole number, at least 1 (got "0")'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL must be an absolute http(s) URL (got "not a url")'],
    [{ SITE_WEBHOOK_URL: 'ftp://site.example' }, 'SITE_WEBHOOK_URL must be an absolute http(s) URL (got "ftp://site.example")'],
    [{ SITE_WEBHOOK_URL: 'ftp://hook:s3cret@site.example' }, 'SITE_WEBHOOK_URL must be an absolute http(s) URL (got "ftp://…@site.example")'],
    [{ TRANSLATE_URL: 'api.mymemory.translated.net' }, 'TRANSLATE_URL must be an absolute http(s) URL'],
    [{ CMS_PORT: '70000' }, 'CMS_PORT must be a whole number, from 0 to 65535 (got "70000")'],
    [{ CMS_PORT: '1337abc' }, 'CMS_PORT must be a whole number'],
    [{ CMS_UPLOAD_SIZE_LIMIT: '200MB' }, 'CMS_UPLOAD_SIZE_LIMIT must be a whole number'],
    [{ CMS_FILL_INTERVAL_MS: '-1' }, 'CMS_FILL_INTERVAL_MS must be a whole number'],
    [{ CMS_SEED: 'no' }, 'CMS_SEED must be "true" or "false" (got "no")'],
    [{ CMS_TRUST_PROXY: '1' }, 'CMS_TRUST_PROXY must be "true" or "false" (got "1")'],
    [{ CMS_LOG_FORMAT: 'xml' }, 'CMS_LOG_FORMAT must be "text" or "json" (got "xml")'],
    [{ CMS_DEFAULT_LOCALE: 'Chinese' }, 'CMS_DEFAULT_LOCALE must be a locale code'],
    [{ CMS_ADMIN_EMAIL: 'admin', CMS_ADMIN_PASSWORD: 'Secret123' }, 'CMS_ADMIN_EMAIL must be an e-mail address (got "admin")'],
    [{ CMS_ADMIN_EMAIL: 'admin@studio.example' }, 'CMS_ADMIN_EMAIL is set without CMS_ADMIN_PASSWORD'],
    [{ CMS_ADMIN_PASSWORD: 'Secret123' }, 'CMS_ADMIN_PASSWORD is set without CMS_ADMIN_EMAIL'],
    [{ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET'],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ S3_BUCKET: 'media', S3_PUBLIC_URL: 'media.example' }, 'S3_PUBLIC_URL must be an http(s) URL'],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be "true" or "false" or "1" or "0" (got "yes")'],
    [{ DATABASE_CLIENT: 'postgres', DATABASE_PORT: 'abc' }, 'DATABASE_PORT must be a whole number, from 1 to 65535 (got "abc")'],
    [{ DATABASE_CLIENT: 'postgres', DATABASE_SSL: 'on' }, 'DATABASE_SSL must be "true" or "false" (got "on")'],
    [{ DATABASE_CLIENT: 'postgres', DATABASE_POOL_MIN: '20' }, 'DATABASE_POOL_MIN must not exceed DATABASE_POOL_MAX'],
  ];
  const cases = bad.map(([source, message]) => ({ given: Object.entries(source).map(([name, value]) => `${name}=${value}`).join(' '), source, message }));
  it.each(cases)('stops on $given with a message naming the variable', ({ source, message }) => {
    const line = problem(source);
    expect(line.startsWith('CMS configuration: ')).toBe(true);
    expect(line).toContain(message);
  });

  it('never echoes a database address, which may hold its password', () => {
    const line = problem({ DATABASE_CLIENT: 'postgres', DATABASE_URL: 'mysql://user:hunter2@db/strapi' });
    expect(line).toContain('DATABASE_URL must be a postgres://');
    expect(line).not.toContain('hunter2');
  });

  it('names the missing secrets together, with the hint', () => {
    expect(problem({ APP_KEYS: '', ENCRYPTION_KEY: '' })).toBe(
      'CMS configuration: APP_KEYS, ENCRYPTION_KEY are not set: run "npm start" (it writes cms/.env) or set them in the environment',
    );
  });

  it('puts every problem on one line', () => {
    const line = problem({ SITE_URL: 'not a url', CMS_LEADER_RETRY_MS: 'soon', S3_ENDPOINT: 'http://a\nb' });
    expect(line).not.toMatch(/\n/);
    expect(line).toContain('SITE_URL must be');
    expect(line).toContain('; CMS_LEADER_RETRY_MS must be');
    expect(line).toContain('S3_ENDPOINT set without S3_BUCKET');
  });
});

describe('a misconfigured start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('stops with one line and exit code 1 as the first config file loads, not a stack', async () => {
    for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
    vi.stubEnv('SITE_URL', 'not a url');
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    vi.resetModules();
    // Strapi loads the config files in name order: admin.ts first.
    const { default: adminConfig } = await import('../../config/admin');
    expect(() => adminConfig()).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(written.join('')).toMatch(/^CMS configuration: SITE_URL must be an absolute http\(s\) URL \(got "not a url"\)[^\n]*\n$/);
  });

  it('loads the config once the environment is right', async () => {
    for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
    vi.stubEnv('SITE_URL', 'https://studio.example/');
    vi.resetModules();
    const { default: middlewares } = await import('../../config/middlewares');
    const security = middlewares().find((entry) => typeof entry === 'object' && entry.name === 'strapi::security');
    expect(JSON.stringify(security)).toContain('https://studio.example/');
  });
});

describe('one module reads the environment', () => {
  const rootDir = fileURLToPath(new URL('../../../', import.meta.url));
  const eslint = new ESLint({ cwd: rootDir });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${rootDir}${file}` });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-properties').map((message) => message.message);
  };

  it('refuses the process environment anywhere else in cms/src and cms/config', async () => {
    expect(await lint('cms/src/utils/env-probe.ts', 'export const port = process.env.CMS_PORT;\n')).toEqual([expect.stringMatching(/through cms\/src\/env\.ts/)]);
    expect(await lint('cms/config/env-probe.ts', 'const { env } = process;\nexport default env;\n')).toHaveLength(1);
    expect(await lint('cms/src/env.ts', 'export const port = process.env.CMS_PORT;\n')).toEqual([]);
  });
});
