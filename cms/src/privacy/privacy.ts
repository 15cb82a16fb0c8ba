import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../env';
import { isFilling } from '../localization/fill';
import { createPageViews, type PageViews } from '../views/page-views';
import { createPrivateMedia, PRIVATE_TYPES, VISIBILITY, type PrivateMedia } from './private-media';
import { createShareLinks, type ShareLinks } from './share-links';
import { bucketStorage, folderSigner, folderStorage, type MediaStorage } from './storage';

export interface Privacy {
  storage: MediaStorage;
  media: PrivateMedia;
  links: ShareLinks;
  views: PageViews;
  /** Addresses of private files in the folder for the admin, checked by the /uploads guard. */
  signer: ReturnType<typeof folderSigner>;
}

const instances = new WeakMap<Core.Strapi, Privacy>();

/**
 * Private work and share links (issue 39, docs/decisions/021-private-work.md), one per Strapi: the
 * controllers, the /uploads guard and the upload provider's wrapper all reach the same one.
 */
export function privacyOf(strapi: Core.Strapi): Privacy {
  let privacy = instances.get(strapi);
  if (privacy) return privacy;
  const s3 = cmsEnv().s3;
  const key = String(strapi.config.get('admin.secrets.encryptionKey', ''));
  const signer = folderSigner(createHash('sha256').update(`private-uploads:${key}`).digest('base64url'));
  const storage = s3 ? bucketStorage(s3) : folderStorage(path.join(strapi.dirs.static.public, 'uploads'), signer);
  const media = createPrivateMedia(strapi, storage);
  const siteUrl = () => cmsEnv().SITE_URL;
  privacy = { storage, media, links: createShareLinks(strapi, media, siteUrl), views: createPageViews(strapi), signer };
  instances.set(strapi, privacy);
  return privacy;
}

/** Every instance: what changes which files are private brings the storage in line; share links keep their tokens. */
export function registerPrivacy(strapi: Core.Strapi): void {
  const { media, links } = privacyOf(strapi);
  links.register();
  const privateAble = new Set<string>(PRIVATE_TYPES);
  strapi.documents.use(async (context, next) => {
    if (!privateAble.has(context.uid)) return next();
    const { documentId, locale } = context.params as { documentId?: string; locale?: string | string[] };
    // The machine's translation (issue 38) never decides it: a locale it creates starts as a copy
    // of another row, made whenever the fill got to it, and a studio's change since (the work made
    // private meanwhile) would be undone in every language by the machine's publish. Its rows take
    // the studio's instead, before its write and after it.
    const machine = isFilling() && (context.action === 'publish' || context.action === 'update') && typeof locale === 'string' && locale !== '*';
    const studioPublish = !isFilling() && context.action === 'publish';
    const writes = WRITES.includes(context.action);
    let result: Awaited<ReturnType<typeof next>>;
    if (documentId && writes) {
      // One transaction, and one writer of a document at a time (the studio's saves and publishes
      // and the machine's writes, on any instance), its lock taken before any row is written (the
      // content manager's publish saves the draft first, in the same transaction): each sees the
      // other's result, never half of it. Published, a document is as private in every language as
      // in the one published: its other locales' rows follow in the same transaction, before the
      // publish (after it, the publish's webhook could reach the site first and it would cache the
      // other language's old rows).
      result = await strapi.db.transaction(async ({ trx }) => {
        await lockDocument(strapi, trx, context.uid, documentId);
        // A publish copies the machine's draft into its published row, and Strapi's i18n then copies
        // that row's visibility to every other locale's published row: for the publish its draft
        // carries what the studio published, and takes the studio's draft's again after it.
        if (machine) await followStudio(strapi, context.uid, documentId, locale as string, context.action === 'publish' ? 'published' : 'draft');
        else if (studioPublish) await followVisibility(strapi, context.uid, documentId, locale);
        // And the studio's own rows keep theirs whatever Strapi's i18n copies from the machine's
        // (a locale it creates starts as a copy of any row of the document).
        const studioRows = machine ? await visibilityOfOthers(strapi, context.uid, documentId, locale as string) : undefined;
        const written = await next();
        if (machine) {
          await restoreVisibility(strapi, context.uid, documentId, locale as string, studioRows!);
          await followStudio(strapi, context.uid, documentId, locale as string, 'draft');
        }
        return written;
      });
    } else {
      result = await next();
    }
    if (writes) media.changed();
    return result;
  });
}

const WRITES: readonly string[] = ['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'];
const defaultLocaleOf = (strapi: Core.Strapi): Promise<string> => (strapi.plugin('i18n').service('locales') as { getDefaultLocale(): Promise<string> }).getDefaultLocale();
type Visibility = 'public' | 'private';

/** What `rows` decide together: the default locale's where it has one among them, else private if any is. */
function decidedBy(rows: Array<Record<string, unknown>>, source: string): Visibility | undefined {
  const studio = rows.filter((row) => row.locale === source);
  const basis = (studio.length > 0 ? studio : rows).filter((row) => row[VISIBILITY] === 'public' || row[VISIBILITY] === 'private');
  if (basis.length === 0) return undefined;
  return basis.some((row) => row[VISIBILITY] === 'private') ? 'private' : 'public';
}

/** The rows `where` picks take `visibility` (those that have it already are left as they are). */
async function setVisibility(strapi: Core.Strapi, uid: string, where: Record<string, unknown>, visibility: Visibility): Promise<void> {
  await strapi.db.query(uid as never).updateMany({ where: { ...where, $or: [{ [VISIBILITY]: { $ne: visibility } }, { [VISIBILITY]: { $null: true } }] }, data: { [VISIBILITY]: visibility } });
}

/** The visibility of each row of the document in the other locales, by row. */
async function visibilityOfOthers(strapi: Core.Strapi, uid: string, documentId: string, locale: string): Promise<Map<number, unknown>> {
  const rows = (await strapi.db.query(uid as never).findMany({ where: { documentId, locale: { $ne: locale } }, select: ['id', VISIBILITY] })) as Array<Record<string, unknown>>;
  return new Map(rows.map((row) => [row.id as number, row[VISIBILITY]]));
}

/** Puts back the visibility of the other locales' rows that a write changed. */
async function restoreVisibility(strapi: Core.Strapi, uid: string, documentId: string, locale: string, before: Map<number, unknown>): Promise<void> {
  const now = await visibilityOfOthers(strapi, uid, documentId, locale);
  for (const [id, visibility] of now) {
    const was = before.get(id);
    if (was !== undefined && was !== visibility) await strapi.db.query(uid as never).update({ where: { id }, data: { [VISIBILITY]: was } });
  }
}

/**
 * Holds the document's visibility until the transaction ends (PostgreSQL; SQLite has one writer).
 * A second holder in the same transaction passes at once.
 */
async function lockDocument(strapi: Core.Strapi, trx: { raw(sql: string, bindings: unknown[]): Promise<unknown> }, uid: string, documentId: string): Promise<void> {
  if (strapi.db.dialect.client === 'postgres') await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`visibility:${uid}:${documentId}`]);
}

/**
 * Every row of a document (each locale, draft and published) takes the visibility its draft is
 * about to be published with: the published locale's draft (not the latest of any locale, which
 * may be the machine's). Several locales at once: the default locale's draft if it is among them,
 * else private if any of theirs is.
 */
async function followVisibility(strapi: Core.Strapi, uid: string, documentId: string, locale: string | string[] | undefined): Promise<void> {
  const source = await defaultLocaleOf(strapi);
  // Without a locale, the document service publishes the default one.
  const locales = locale === '*' ? undefined : Array.isArray(locale) ? locale : [locale ?? source];
  const drafts = (await strapi.db.query(uid as never).findMany({ where: { documentId, publishedAt: { $null: true }, ...(locales ? { locale: { $in: locales } } : {}) }, select: [VISIBILITY, 'locale'] })) as Array<Record<string, unknown>>;
  const visibility = decidedBy(drafts, source);
  if (visibility) await setVisibility(strapi, uid, { documentId }, visibility);
}

/**
 * The machine's locale of a document takes the studio's visibility: its published row the source
 * locale's published row, its draft the source's draft (or, for `draftFrom: 'published'`, the
 * source's published row too); the other locales' rows where the source has none, private if any
 * of them is. So a private draft the studio has not published yet stays a draft, and what visitors
 * are shown follows what the studio published.
 */
async function followStudio(strapi: Core.Strapi, uid: string, documentId: string, locale: string, draftFrom: 'draft' | 'published'): Promise<void> {
  const source = await defaultLocaleOf(strapi);
  const others = (await strapi.db.query(uid as never).findMany({ where: { documentId, locale: { $ne: locale } }, select: [VISIBILITY, 'publishedAt', 'locale'] })) as Array<Record<string, unknown>>;
  const studio = (published: boolean) => decidedBy(others.filter((row) => Boolean(row.publishedAt) === published), source);
  const published = studio(true);
  const draft = draftFrom === 'published' ? (published ?? studio(false)) : studio(false);
  if (published) await setVisibility(strapi, uid, { documentId, locale, publishedAt: { $notNull: true } }, published);
  if (draft) await setVisibility(strapi, uid, { documentId, locale, publishedAt: { $null: true } }, draft);
}

/** From bootstrap (the database is ready): a file replaced or removed in the media library. */
export function subscribePrivacy(strapi: Core.Strapi): void {
  const { media } = privacyOf(strapi);
  // Every instance knows which files are private (for the admin's signed addresses and /uploads),
  // what it changed at once, what another instance changed within seconds.
  media.watch();
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    afterUpdate: () => media.changed(),
    afterDelete: () => media.changed(),
  });
}

/**
 * The leader, at start: entries from before visibility existed are public, and the storage is
 * brought in line with what is private now (a change made while no CMS ran, a restore).
 */
export async function leadPrivacy(strapi: Core.Strapi): Promise<void> {
  for (const uid of PRIVATE_TYPES) {
    const table = strapi.db.metadata.get(uid as never).tableName;
    await strapi.db.connection(table).whereNull(VISIBILITY).update({ [VISIBILITY]: 'public' });
  }
  await privacyOf(strapi).media.sync();
}
