interface Context {
  method: string;
  path: string;
  ip: string;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

/** Where editors (and would-be editors) send passwords; Strapi's router ignores case, so this does too. */
const SIGN_IN = /^\/(admin\/(login|register-admin|forgot-password|reset-password)|api\/auth\/local(\/.*)?)\/?$/i;
const REGISTER_FIRST_ADMIN = /^\/admin\/register-admin\/?$/i;
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Failed sign-ins per client address, across e-mail addresses. Strapi's own limit
 * (admin::rateLimit) counts per e-mail and address, so one address may try one password on
 * thousands of accounts ("spraying"); this one stops an address after `max` failures within
 * `windowMs`, whatever the e-mails. Successful sign-ins are not counted, so a studio behind one
 * address is not locked out by its own logins. Kept in this process (one CMS instance: exact; with
 * several, each counts its own share, so the limit is at most `max` × instances).
 * Also: the first admin can only be registered from the CMS's own machine. Both use the client's
 * address as Koa sees it: behind a reverse proxy, set CMS_TRUST_PROXY=true so it is the visitor's
 * (X-Forwarded-For), not the proxy's.
 */
export default ({ max = 20, windowMs = 15 * 60_000 }: { max?: number; windowMs?: number } = {}) => {
  const failures = new Map<string, { start: number; count: number }>();

  return async (ctx: Context, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || !SIGN_IN.test(ctx.path)) {
      await next();
      return;
    }
    // Before the first admin exists, whoever registers first owns the CMS: only from its own machine
    // (a browser on it, an SSH tunnel) or unattended with CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD.
    if (REGISTER_FIRST_ADMIN.test(ctx.path) && !LOOPBACK.test(ctx.ip)) {
      ctx.status = 403;
      ctx.body = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'The first admin is created on the CMS machine itself, or with CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD.', details: {} } };
      return;
    }
    const now = Date.now();
    if (failures.size > 10_000) for (const [key, window] of failures) if (now - window.start >= windowMs) failures.delete(key);
    const window = failures.get(ctx.ip);
    if (window && now - window.start < windowMs && window.count >= max) {
      ctx.status = 429;
      ctx.set('retry-after', String(Math.ceil((window.start + windowMs - now) / 1000)));
      ctx.body = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many failed sign-ins from this address; try again later.', details: {} } };
      return;
    }
    try {
      await next();
    } finally {
      if (ctx.status >= 400 && ctx.status !== 429) {
        const current = window && now - window.start < windowMs ? window : { start: now, count: 0 };
        current.count += 1;
        failures.set(ctx.ip, current);
      }
    }
  };
};
