import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { PrivateMedia, PrivateType } from './private-media';
import { afterCommit } from './after-commit';
import { DEFAULT_LIFETIME_MS, linkState, newToken, shareUrl, tokenHash } from './share-tokens';

export const SHARE_LINK = 'api::share-link.share-link';
/** Kept by the CMS and the site, never by an editor: stripped from whatever the admin sends. */
const BOOKKEEPING = ['url', 'tokenHash', 'tokenSealed', 'opens', 'lastOpenedAt'] as const;

interface Encryption {
  encrypt(value: string): string | null;
  decrypt(value: string): string | null;
}

/** Whether a relation value from the admin or the API names an entry (`{ connect: [...] }`, an id, a documentId). */
export function namesEntry(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (typeof value === 'string' || typeof value === 'number') return true;
  if (Array.isArray(value)) return value.some(namesEntry);
  if (typeof value === 'object') {
    const relation = value as Record<string, unknown>;
    if ('connect' in relation || 'set' in relation) return namesEntry(relation.set ?? relation.connect);
    return 'documentId' in relation || 'id' in relation;
  }
  return false;
}

/** What the site learns of a token's link: what it shows and which files, or that it no longer opens. */
export type Resolution =
  | { state: 'valid'; kind: 'project' | 'article'; documentId: string; keys: string[]; expiresAt: string | null }
  | { state: 'gone'; reason: 'revoked' | 'expired' | 'empty' | 'unpublished' | 'deleted' };

/** Links whose entry was deleted: their token's hash, so they answer "no longer valid", not "unknown". */
const ENDED = 'studio_share_links_ended';

interface LinkRow {
  id: number;
  revoked?: boolean | null;
  expiresAt?: string | null;
  project?: { documentId: string } | null;
  article?: { documentId: string } | null;
}

/**
 * Share links (issue 39): made with a fresh token on create (its hash and a sealed copy kept, the
 * address shown to editors on every read, never stored), refused when they name neither or both of
 * a project and an article, resolved for the site by the token's hash, and their opens counted.
 */
export function createShareLinks(strapi: Core.Strapi, media: PrivateMedia, siteUrl: () => string) {
  const encryption = () => strapi.service('admin::encryption') as unknown as Encryption;
  const column = (attribute: string) => (strapi.db.metadata.get(SHARE_LINK as never).attributes as Record<string, { columnName?: string }>)[attribute]?.columnName ?? attribute;

  /** An entry as editors see it: its address (from the sealed token), never the hash or the seal. */
  const withUrl = <T>(entry: T): T => {
    if (!entry || typeof entry !== 'object') return entry;
    const { tokenSealed: sealed, tokenHash: _hash, ...rest } = entry as { tokenSealed?: unknown; tokenHash?: unknown };
    if (typeof sealed !== 'string') return rest as T;
    const token = encryption().decrypt(sealed);
    return { ...rest, url: token ? shareUrl(siteUrl(), token) : null } as T;
  };

  let endedReady: Promise<void> | undefined;
  const ended = () =>
    (endedReady ??= (async () => {
      const db = strapi.db.connection;
      if (await db.schema.hasTable(ENDED)) return;
      await db.schema
        .createTable(ENDED, (columns) => {
          columns.string('token_hash', 64).primary();
          columns.bigInteger('ended_at').notNullable();
        })
        .catch(async (error: unknown) => {
          if (!(await db.schema.hasTable(ENDED))) throw error;
        });
    })());
  /** The token hashes of a document's rows (a deleted link is remembered by them). */
  const hashesOf = async (documentId: string) =>
    ((await strapi.db.query(SHARE_LINK as never).findMany({ where: { documentId }, select: ['tokenHash'] })) as Array<{ tokenHash?: string | null }>).flatMap((row) => (row.tokenHash ? [row.tokenHash] : []));

  return {
    /** Document Service middleware: tokens on create, bookkeeping kept from editors, the address on every read. */
    register(): void {
      strapi.documents.use(async (context, next) => {
        if (context.uid !== SHARE_LINK) return next();
        const params = context.params as { data?: Record<string, unknown> };
        if ((context.action === 'create' || context.action === 'update') && params.data) {
          const data = { ...params.data };
          for (const field of BOOKKEEPING) delete data[field];
          if (context.action === 'create') {
            if (namesEntry(data.project) === namesEntry(data.article)) {
              throw new errors.ValidationError('A share link shows one project or one article: choose exactly one of them.');
            }
            const token = newToken();
            const sealed = encryption().encrypt(token);
            if (!sealed) throw new errors.ApplicationError('The share link could not be made: the CMS has no encryption key (ENCRYPTION_KEY).');
            Object.assign(data, { tokenHash: tokenHash(token), tokenSealed: sealed, opens: 0, expiresAt: data.expiresAt || new Date(Date.now() + DEFAULT_LIFETIME_MS).toISOString() });
          }
          params.data = data;
        }
        // Deleting the entry ends the link for good: its hash is remembered as ended.
        const documentId = (context.params as { documentId?: string }).documentId;
        const endedHashes = context.action === 'delete' && documentId ? await hashesOf(documentId) : [];
        const result = await next();
        if (endedHashes.length > 0) {
          const remember = async () => {
            await ended();
            await strapi.db
              .connection(ENDED)
              .insert(endedHashes.map((hash) => ({ token_hash: hash, ended_at: Date.now() })))
              .onConflict('token_hash')
              .ignore();
          };
          afterCommit(strapi, remember, 'a deleted share link was not remembered as ended');
        }
        if (Array.isArray(result)) return result.map(withUrl);
        if (context.action === 'findOne' || context.action === 'findFirst' || context.action === 'create' || context.action === 'update') return withUrl(result);
        return result;
      });
    },

    /** The link a token's hash names, as the site needs it; null when there is none. */
    async resolve(hash: string): Promise<Resolution | null> {
      const link = (await strapi.db.query(SHARE_LINK as never).findOne({
        where: { tokenHash: hash },
        select: ['id', 'revoked', 'expiresAt'],
        populate: { project: { select: ['documentId'] }, article: { select: ['documentId'] } },
      })) as LinkRow | null;
      if (!link) {
        await ended();
        const deleted = await strapi.db.connection(ENDED).where('token_hash', hash).first();
        return deleted ? { state: 'gone', reason: 'deleted' } : null;
      }
      const [kind, uid, item] = link.project ? (['project', 'api::project.project', link.project] as const) : (['article', 'api::article.article', link.article] as const);
      const state = linkState({ ...link, item });
      if (state !== 'valid' || !item) return { state: 'gone', reason: state === 'valid' ? 'empty' : state };
      const published = await strapi.db.query(uid as never).findOne({ where: { documentId: item.documentId, publishedAt: { $notNull: true } }, select: ['id'] });
      if (!published) return { state: 'gone', reason: 'unpublished' };
      return { state: 'valid', kind, documentId: item.documentId, keys: await media.itemKeys(uid as PrivateType, item.documentId), expiresAt: link.expiresAt ?? null };
    },

    /** Opens the site counted, per token hash: added to each link's count, with the last time. */
    async countOpens(opens: ReadonlyArray<{ hash: string; count: number; at: string }>): Promise<void> {
      const db = strapi.db.connection;
      const table = strapi.db.metadata.get(SHARE_LINK as never).tableName;
      for (const { hash, count, at } of opens) {
        await db(table)
          .where(column('tokenHash'), hash)
          .update({ [column('opens')]: db.raw('COALESCE(??, 0) + ?', [column('opens'), count]), [column('lastOpenedAt')]: new Date(at) });
      }
    },
  };
}

export type ShareLinks = ReturnType<typeof createShareLinks>;
