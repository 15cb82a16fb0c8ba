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
    // Published, a document is as private in every language as in the one published: its other
    // locales' rows (filled earlier, by the machine or an editor) follow, in the same write and
    // before it (after it, the publish's webhook could reach the site first and it would cache the
    // other language's old rows).
    const { documentId, locale } = context.params as { documentId?: string; locale?: string };
    // The machine's translation never decides it: its row was copied from the document when the
    // fill began, and a studio's change since (made private while the fill wrote) would be undone
    // for every language by its publish. Its locale takes the studio's visibility instead, before
    // the write and again after it (a row it created, or a change that landed in between).
    const machine = isFilling() && (context.action === 'publish' || context.action === 'update') && documentId && locale && locale !== '*';
    if (machine) await followStudio(strapi, context.uid, documentId, locale);
    else if (context.action === 'publish' && documentId) await followVisibility(strapi, context.uid, documentId, locale);
    const result = await next();
    if (machine) await followStudio(strapi, context.uid, documentId, locale);
    if (['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'].includes(context.action)) media.changed();
    return result;
  });
}

/**
 * Every row of a document (each locale, draft and published) takes the visibility its draft is
 * about to be published with: the published locale's draft (not the latest of any locale, which
 * may be the machine's, written meanwhile from an older copy).
 */
async function followVisibility(strapi: Core.Strapi, uid: string, documentId: string, locale: string | undefined): Promise<void> {
  // Without one, the document service publishes the default locale.
  const published = locale ?? (await (strapi.plugin('i18n').service('locales') as { getDefaultLocale(): Promise<string> }).getDefaultLocale());
  const inLocale = published && published !== '*' ? { locale: published } : {};
  const draft = (await strapi.db.query(uid as never).findOne({ where: { documentId, ...inLocale, publishedAt: { $null: true } }, select: [VISIBILITY], orderBy: { updatedAt: 'desc' } })) as Record<string, unknown> | null;
  const visibility = draft?.[VISIBILITY];
  if (visibility !== 'public' && visibility !== 'private') return;
  await strapi.db.query(uid as never).updateMany({ where: { documentId, $or: [{ [VISIBILITY]: { $ne: visibility } }, { [VISIBILITY]: { $null: true } }] }, data: { [VISIBILITY]: visibility } });
}

/**
 * The machine's locale of a document takes the visibility of the studio's rows: the other locales'
 * published rows (what their visitors are shown; their drafts where none is published), private if
 * any of them is, so that a change half made is never made public.
 */
async function followStudio(strapi: Core.Strapi, uid: string, documentId: string, locale: string): Promise<void> {
  const others = (await strapi.db.query(uid as never).findMany({ where: { documentId, locale: { $ne: locale } }, select: [VISIBILITY, 'publishedAt'] })) as Array<Record<string, unknown>>;
  const published = others.filter((row) => row.publishedAt);
  const rows = published.length > 0 ? published : others;
  if (rows.length === 0) return;
  const visibility = rows.some((row) => row[VISIBILITY] === 'private') ? 'private' : 'public';
  await strapi.db.query(uid as never).updateMany({ where: { documentId, locale, $or: [{ [VISIBILITY]: { $ne: visibility } }, { [VISIBILITY]: { $null: true } }] }, data: { [VISIBILITY]: visibility } });
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
