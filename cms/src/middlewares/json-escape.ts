type Context = { path: string; body: unknown; type: string };

/** `<`, `>`, `&` and the JavaScript line separators, as JSON escapes. */
const ESCAPES = /[<>&\u2028\u2029]/g;
const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The public API's JSON answers (content and errors) carry `<`, `>` and `&` as \u escapes: a
 * query key or id echoed in an error message can never be read as markup, whatever a client
 * does with the answer. The same JSON to a JSON parser; the admin is left alone.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  await next();
  if (!ctx.path.startsWith('/api/')) return;
  const body = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  ctx.body = JSON.stringify(body).replace(ESCAPES, escapeChar);
  ctx.type = 'application/json';
};
