import { z } from 'zod';
import { DEFAULT_SOURCE_LOCALE } from './bootstrap/locales';
import { s3Settings, type S3Settings } from './utils/media-storage';

/**
 * The CMS's settings, read once from the environment (docs/configuration.md): the only module in
 * cms/src and cms/config that reads the process's environment, as web/server/config.ts is for
 * the site. The config files read it first (Strapi loads them before src/index.ts), so a bad
 * value stops the start with one line naming the variable.
 */

type Source = Record<string, string | undefined>;

/** The value a setting was given, for its error line; an address's credentials (`//user:password@`) are not repeated. */
const got = (value: string) => ` (got ${JSON.stringify(value.replace(/\/\/[^/@\s]*@/, '//…@'))})`;
const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const text = (fallback: string) => z.string().default(fallback);

/** Set or unset, never echoed in a message. */
const secret = () => z.string().optional();

/** Strapi's secrets: no safe default, so a start without them stops (the missing ones named together). */
const required = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value !== undefined) return value;
      ctx.addIssue({ code: 'custom', message: 'is not set', params: { missing: true } });
      return z.NEVER;
    });

/** A whole number in [min, max]; what Strapi's env.int would have cut short ("12abc") is refused. */
const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const number = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      return issue(ctx, `must be a whole number, ${range}${got(value)}`);
    });

/** "true" or "false" only: Strapi's env.bool read anything else ("1", "yes") as false. */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      if (value === 'true' || value === 'false') return value === 'true';
      return issue(ctx, `must be "true" or "false"${got(value)}`);
    });

/** One of `values`, or undefined when unset. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((value, ctx): T[number] | undefined => {
      if (value === undefined || (values as readonly string[]).includes(value)) return value;
      return issue(ctx, `must be ${values.map((option) => `"${option}"`).join(' or ')}${got(value)}`);
    });

const isHttpUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol) && new URL(value).host !== '';

const httpUrl = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined || isHttpUrl(value) ? value : issue(ctx, `must be an absolute http(s) URL${got(value)}`)));

const email = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined || /^[^\s@]+@[^\s@]+$/.test(value) ? value : issue(ctx, `must be an e-mail address${got(value)}`)));

/** A list as Strapi's env.array reads it: "a,b", or "[a, \"b\"]". */
function splitList(value: string): string[] {
  const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  return inner.split(',').map((item) => item.trim().replace(/^"+|"+$/g, ''));
}

const list = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined ? [] : splitList(value)));

const baseSchema = z.object({
  // Strapi's secrets (generated into cms/.env by scripts/ensure-env.mjs).
  APP_KEYS: required().transform(splitList),
  API_TOKEN_SALT: required(),
  ADMIN_JWT_SECRET: required(),
  TRANSFER_TOKEN_SALT: required(),
  ENCRYPTION_KEY: required(),
  // Unset, Strapi's users-permissions plugin makes one of its own.
  JWT_SECRET: secret(),

  // The server.
  CMS_HOST: text('127.0.0.1'),
  CMS_PORT: integer(1337, 0, 65_535),
  CMS_TRUST_PROXY: flag(false),
  CMS_PUBLIC_DIR: text('./public'),
  CMS_STARTUP_BANNER: flag(true),
  CMS_CORS_ORIGINS: list(),
  CMS_UPLOAD_SIZE_LIMIT: integer(200 * 1024 * 1024, 1),
  CMS_LOG_FORMAT: oneOf(['text', 'json']).transform((value) => value ?? 'text'),

  // The database (PostgreSQL's own settings below, read only for it).
  DATABASE_CLIENT: oneOf(['sqlite', 'postgres']).transform((value) => value ?? 'sqlite'),
  DATABASE_FILENAME: text('.tmp/data.db'),

  // The site, and the secrets both share. An unset secret turns its checks off (they fail closed).
  SITE_URL: httpUrl().transform((value) => value ?? 'http://localhost:3000'),
  SITE_WEBHOOK_URL: httpUrl(),
  SITE_WEBHOOK_SECRET: secret(),
  PREVIEW_SECRET: secret(),

  // Start-up.
  CMS_ADMIN_EMAIL: email(),
  CMS_ADMIN_PASSWORD: secret(),
  CMS_ADMIN_FIRSTNAME: text('Studio'),
  CMS_ADMIN_LASTNAME: text('Admin'),
  CMS_DEFAULT_LOCALE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_SOURCE_LOCALE;
      return /^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value) ? value : issue(ctx, `must be a locale code such as zh-Hans, de or fr${got(value)}`);
    }),
  CMS_SEED: flag(true),
  // A folder the demo's pictures are kept in between seeds (the test suites'); unset or empty: none.
  CMS_SEED_CACHE_DIR: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  CMS_RESTORE_EMPTY_ONLY: flag(false),
  CMS_LEADER_RETRY_MS: integer(15_000, 1),

  // The fill (issue 38).
  TRANSLATE_URL: httpUrl().transform((value) => value ?? 'https://api.mymemory.translated.net'),
  TRANSLATE_EMAIL: email(),
  TRANSLATE_DAILY_CHARS: integer(40_000, 0),
  CMS_FILL_RETRY_MS: integer(5_000, 1),
  CMS_FILL_MAX_RETRY_MS: integer(10 * 60_000, 1),
  CMS_FILL_INTERVAL_MS: integer(1_000, 1),

  // Checked here as the site checks it; the bucket's variables together below (src/utils/media-storage.ts).
  S3_FORCE_PATH_STYLE: oneOf(['true', 'false', '1', '0']),
});

const postgresSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .optional()
      // Never echoed: it may hold the password.
      .refine((value) => value === undefined || value.startsWith('/') || /^(postgres|postgresql|socket):/i.test(value), {
        error: 'must be a postgres:// (or postgresql://, socket:) address',
      }),
    DATABASE_HOST: text('localhost'),
    DATABASE_PORT: integer(5432, 1, 65_535),
    DATABASE_NAME: text('strapi'),
    DATABASE_USERNAME: text('strapi'),
    DATABASE_PASSWORD: text('strapi'),
    DATABASE_SSL: flag(false),
    DATABASE_SSL_REJECT_UNAUTHORIZED: flag(true),
    DATABASE_SCHEMA: text('public'),
    DATABASE_STATEMENT_TIMEOUT_MS: integer(60_000, 0),
    DATABASE_POOL_MIN: integer(2, 0),
    DATABASE_POOL_MAX: integer(10, 1),
  })
  .refine((values) => values.DATABASE_POOL_MIN <= values.DATABASE_POOL_MAX, {
    error: 'DATABASE_POOL_MIN must not exceed DATABASE_POOL_MAX',
  });

const S3_NAMES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL', 'S3_ACL'] as const;

export type PostgresEnv = Readonly<z.output<typeof postgresSchema>>;

export type CmsEnv = Readonly<
  Omit<z.output<typeof baseSchema>, 'APP_KEYS' | 'CMS_CORS_ORIGINS' | 'S3_FORCE_PATH_STYLE'> & {
    APP_KEYS: readonly string[];
    CMS_CORS_ORIGINS: readonly string[];
    /** PostgreSQL's settings when DATABASE_CLIENT=postgres. */
    postgres: PostgresEnv | undefined;
    /** The bucket of uploads when S3_BUCKET is set; else the local folder. */
    s3: Readonly<S3Settings> | undefined;
  }
>;

/** A bad configuration: `message` is the one line to print, `problems` each variable's. */
export class CmsEnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    // One line, whatever the values hold.
    super(`CMS configuration: ${problems.join('; ')}`.replace(/\s*[\r\n]+\s*/g, ' '));
    this.name = 'CmsEnvError';
  }
}

function problemsOf(error: z.ZodError): string[] {
  const named = (item: z.core.$ZodIssue) => (item.path.length > 0 ? `${String(item.path[0])} ${item.message}` : item.message);
  const isMissing = (item: z.core.$ZodIssue) => item.code === 'custom' && item.params?.missing === true;
  const missing = error.issues.filter(isMissing).map((item) => String(item.path[0]));
  const others = error.issues.filter((item) => !isMissing(item)).map(named);
  if (missing.length === 0) return others;
  const verb = missing.length === 1 ? 'is' : 'are';
  return [`${missing.join(', ')} ${verb} not set: run "npm start" (it writes cms/.env) or set ${missing.length === 1 ? 'it' : 'them'} in the environment`, ...others];
}

/** The settings from `source` (an empty variable counts as unset); a CmsEnvError naming every bad one. */
export function readCmsEnv(source: Source = process.env): CmsEnv {
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const problems: string[] = [];

  const base = baseSchema.safeParse(values);
  if (!base.success) problems.push(...problemsOf(base.error));

  let postgres: PostgresEnv | undefined;
  if (values.DATABASE_CLIENT === 'postgres') {
    const parsed = postgresSchema.safeParse(values);
    if (parsed.success) postgres = Object.freeze(parsed.data);
    else problems.push(...problemsOf(parsed.error));
  }

  if (values.CMS_ADMIN_EMAIL && !values.CMS_ADMIN_PASSWORD) problems.push('CMS_ADMIN_EMAIL is set without CMS_ADMIN_PASSWORD: set both to create the first admin, or neither');
  if (values.CMS_ADMIN_PASSWORD && !values.CMS_ADMIN_EMAIL) problems.push('CMS_ADMIN_PASSWORD is set without CMS_ADMIN_EMAIL: set both to create the first admin, or neither');

  let s3: S3Settings | undefined;
  try {
    s3 = s3Settings(Object.fromEntries(S3_NAMES.map((name) => [name, values[name]])));
  } catch (error) {
    problems.push((error instanceof Error ? error.message : String(error)).replace(/\.$/, ''));
  }

  if (!base.success || problems.length > 0) throw new CmsEnvError(problems);
  const { APP_KEYS, CMS_CORS_ORIGINS, S3_FORCE_PATH_STYLE: _inS3, ...rest } = base.data;
  return Object.freeze({
    ...rest,
    APP_KEYS: Object.freeze(APP_KEYS),
    CMS_CORS_ORIGINS: Object.freeze(CMS_CORS_ORIGINS),
    postgres,
    s3: s3 && Object.freeze(s3),
  });
}

let current: CmsEnv | undefined;

/** The process's settings, read on first use (Strapi has loaded cms/.env by then) and kept. */
export function cmsEnv(): CmsEnv {
  current ??= readCmsEnv(process.env);
  return current;
}

/**
 * For the config files, the first code Strapi runs: a bad configuration stops the start with its
 * one line and exit code 1 (thrown, Strapi would wrap it and print a stack).
 */
export function cmsEnvAtStart(): CmsEnv {
  try {
    return cmsEnv();
  } catch (error) {
    if (!(error instanceof CmsEnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return process.exit(1);
  }
}
