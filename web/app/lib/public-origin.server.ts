/**
 * The origin of the site's public address (PUBLIC_URL), for canonical links, link previews and
 * the sitemap. Never taken from the request's Host header: pages are cached and shared between
 * visitors, so a forged Host must not end up in them. Without PUBLIC_URL: this machine's address.
 */
export function publicOrigin(env: Record<string, string | undefined> = process.env): string {
  try {
    if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  } catch {
    // checked at start (server/config.ts); fall through
  }
  return `http://localhost:${env.PORT || 3000}`;
}
