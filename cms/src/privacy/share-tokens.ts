import { createHash, randomBytes } from 'node:crypto';

/**
 * A share link's token (issue 39): 24 random bytes (192 bits), written as 32 URL-safe characters.
 * The database keeps only its SHA-256 (to find the link when the site asks) and a copy sealed with
 * Strapi's encryption key (ENCRYPTION_KEY, never in the database) so the admin can show the address
 * again: a copy of the database alone opens nothing.
 */
export const TOKEN_BYTES = 24;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The address to send: the site's own origin and the token, nothing else. */
export const shareUrl = (siteUrl: string, token: string): string => `${siteUrl.replace(/\/+$/, '')}/s/${token}`;

/** A link no one set an end for ends after this long (the studio can set any date, or none by clearing it later). */
export const DEFAULT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type LinkState = 'valid' | 'revoked' | 'expired' | 'empty';

/** Whether a link still opens: not revoked, not past its end, and naming something. */
export function linkState(link: { revoked?: boolean | null; expiresAt?: string | Date | null; item: unknown }, now = Date.now()): LinkState {
  if (link.revoked) return 'revoked';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'expired';
  if (!link.item) return 'empty';
  return 'valid';
}
