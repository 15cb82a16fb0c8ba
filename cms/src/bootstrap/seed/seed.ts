import type { Core } from '@strapi/strapi';
import { PUBLIC_READ_ACTIONS, type StudioContentType } from '../content-types';
import { readDemoContent, seedDir, type DemoContent } from './demo-content';
import { MediaLibrary, type UploadedFile } from './media-library';
import { describeArtwork } from './artwork';
import { artworkRenderer } from './artwork-cache';
import { cmsEnv } from '../../env';
import { SECOND_LOCALE } from '../locales';
import path from 'node:path';

const LANDSCAPE = { width: 2400, height: 1600 };
const PORTRAIT = { width: 1600, height: 2400 };
const WIDE = { width: 2400, height: 1350 };
const SQUARE = { width: 1200, height: 1200 };
const BADGE = { width: 320, height: 320 };
/** A social card (1.91:1) at twice the size networks show. */
const CARD = { width: 2400, height: 1260 };

const statusStore = (strapi: Core.Strapi) => strapi.store({ type: 'core', name: 'studio', key: 'seed-status' });

/**
 * Seeds the demo studio on the first start: when the database holds none of the studio's content
 * and no earlier seed finished. A seed cut off half-way is cleared and run again.
 */
export async function seedIfEmpty(strapi: Core.Strapi): Promise<void> {
  const status = await statusStore(strapi).get();
  if (status === 'done') return;
  if (status !== 'started' && (await countContent(strapi)) > 0) return; // the studio's own content
  if (status === 'started') await clearContent(strapi);
  await seed(strapi);
}

/**
 * Leaves the studio with no content at all and never seeds the demo afterwards (`npm run seed -w
 * cms -- --empty`, issue 37): a studio starting as itself fills in its identity and work in the admin.
 */
export async function startEmpty(strapi: Core.Strapi): Promise<void> {
  await clearContent(strapi);
  await statusStore(strapi).set({ value: 'done' });
}

/**
 * The studio's content types: everything the public reads but the site's own interface words
 * (issue 38), which the site hands the CMS itself and which are no studio's content.
 */
const studioContentTypes = () => Object.keys(PUBLIC_READ_ACTIONS).filter((uid) => uid !== 'api::ui-text.ui-text');

export async function countContent(strapi: Core.Strapi): Promise<number> {
  const counts = await Promise.all(studioContentTypes().map((uid) => strapi.db.query(uid as StudioContentType).count()));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Removes every entry of the studio's content types and every uploaded file. */
export async function clearContent(strapi: Core.Strapi): Promise<void> {
  for (const uid of studioContentTypes()) {
    await strapi.db.query(uid as StudioContentType).deleteMany({});
  }
  const upload = strapi.plugin('upload').service('upload');
  const files = await strapi.db.query('plugin::upload.file').findMany({});
  for (const file of files) {
    await upload.remove(file);
  }
  await statusStore(strapi).delete({});
}

export async function seed(strapi: Core.Strapi): Promise<void> {
  const started = Date.now();
  const appRoot = strapi.dirs.app.root;
  const content = readDemoContent(appRoot);
  const cache = cmsEnv().CMS_SEED_CACHE_DIR;
  const artworks = artworkRenderer(cache);
  const media = new MediaLibrary(strapi, path.join(seedDir(appRoot), 'media'), artworks);
  await statusStore(strapi).set({ value: 'started' });
  strapi.log.info('Seeding the demo studio (first start on an empty database)...');
  try {
    await seedStudio(strapi, content, media);
    const categories = await seedCategories(strapi, content);
    await seedProjects(strapi, content, media, categories);
    await seedArticles(strapi, content, media);
    await seedProfiles(strapi, content, media);
    await seedContact(strapi, content, media);
    await seedLanding(strapi, content, media);
  } finally {
    media.dispose();
  }
  await statusStore(strapi).set({ value: 'done' });
  if (artworks.refused) strapi.log.warn(`CMS_SEED_CACHE_DIR ${cache} was not used: it could not be made, or it is not a folder of this user's that only it may write.`);
  const kept = cache && !artworks.refused ? ` (${artworks.kept} of ${artworks.kept + artworks.drawn} pictures kept from an earlier seed in ${cache})` : '';
  strapi.log.info(`Seeded the demo studio in ${((Date.now() - started) / 1000).toFixed(1)} s${kept}.`);
}

/** The demo studio's identity (issue 37): its texts in the source language and in English, shared fields once. */
async function seedStudio(strapi: Core.Strapi, content: DemoContent, media: MediaLibrary): Promise<void> {
  const { english, logo, ...studio } = content.studio;
  const mark = await media.file(logo, 'image/svg+xml', `${studio.name} logo`);
  const card = await media.artwork({ ...CARD, seed: 700, title: studio.nameLatin, caption: english.subtitle }, studio.nameLatin, `${studio.name}：${studio.tagline}`);
  const locales = strapi.plugin('i18n').service('locales') as { getDefaultLocale(): Promise<string> };
  const source = await locales.getDefaultLocale();
  const created = await strapi.documents('api::studio.studio').create({ locale: source, data: { ...studio, logo: mark.id, shareImage: card.id }, status: 'published' });
  if (source !== SECOND_LOCALE) {
    // The English twin of the same document (i18n: one documentId, a row per locale).
    const data: Record<string, unknown> = { ...english };
    await strapi.documents('api::studio.studio').update({ documentId: created.documentId, locale: SECOND_LOCALE, data, status: 'published' });
  }
}

async function seedCategories(strapi: Core.Strapi, content: DemoContent): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const category of content.categories) {
    const created = await strapi.documents('api::category.category').create({ data: category });
    ids.set(category.designType, created.documentId);
  }
  return ids;
}

async function seedProjects(
  strapi: Core.Strapi,
  content: DemoContent,
  media: MediaLibrary,
  categories: Map<string, string>,
): Promise<void> {
  await inPairs(content.projects, async (project, index) => {
    const size = project.media.portrait ? PORTRAIT : LANDSCAPE;
    const files: UploadedFile[] = [];
    for (let n = 0; n < project.media.images; n += 1) {
      const shape = n === 0 ? size : n % 2 === 0 ? PORTRAIT : LANDSCAPE;
      const seed = index * 7 + n;
      // The cover and every other picture carry the project's title; the rest are details.
      const titled = n % 2 === 0;
      const title = titled ? project.artwork : '';
      files.push(
        await media.artwork(
          { ...shape, seed, title, caption: `${content.studio.nameLatin} / ${project.addTime.slice(0, 4)} / ${String(n + 1).padStart(2, '0')}` },
          project.artwork,
          `${project.projectName}${n === 0 ? '封面' : `，图 ${n + 1}`}：${titled ? `标题 ${project.artwork}，` : ''}${describeArtwork(seed)}`,
        ),
      );
    }
    if (project.media.video) {
      const video = content.videos[index % content.videos.length];
      files.splice(1, 0, await media.video(video.file, video.name));
    }
    await strapi.documents('api::project.project').create({
      data: {
        projectName: project.projectName,
        author: project.author,
        flextype: project.flextype,
        addTime: project.addTime,
        description: project.description,
        images: files.map((file) => file.id),
        category: categories.get(project.category),
      },
      status: 'published',
    });
  });
}

async function seedArticles(strapi: Core.Strapi, content: DemoContent, media: MediaLibrary): Promise<void> {
  await inPairs(content.articles, async (article, index) => {
    const files: UploadedFile[] = [];
    for (let n = 0; n < article.media.images; n += 1) {
      const seed = 300 + index * 5 + n;
      files.push(
        await media.artwork(
          { ...LANDSCAPE, seed, title: article.artwork, caption: `${content.studio.nameLatin} / TOPICS / ${article.articleTime}` },
          article.artwork,
          `${article.articleName}，配图 ${n + 1}：标题 ${article.artwork}，${describeArtwork(seed)}`,
        ),
      );
    }
    if (article.media.video) {
      const video = content.videos[(index + 1) % content.videos.length];
      files.push(await media.video(video.file, video.name));
    }
    await strapi.documents('api::article.article').create({
      data: {
        articleName: article.articleName,
        articleTime: article.articleTime,
        articleChief: article.articleChief,
        articleContent: article.articleContent,
        articleImage: files.map((file) => file.id),
      },
      status: 'published',
    });
  });
}

async function seedProfiles(strapi: Core.Strapi, content: DemoContent, media: MediaLibrary): Promise<void> {
  const badges: UploadedFile[] = [];
  for (const [index, badge] of content.awardBadges.entries()) {
    badges.push(await media.artwork({ ...BADGE, seed: 500 + index, title: badge.artwork, caption: '' }, badge.artwork, badge.name));
  }
  for (const [index, profile] of content.profiles.entries()) {
    const icon = await media.artwork(
      { ...SQUARE, seed: 400 + index, title: profile.artwork, caption: content.studio.nameLatin },
      profile.artwork,
      `${profile.profileName} 的头像：名字 ${profile.artwork}，${describeArtwork(400 + index)}`,
    );
    await strapi.documents('api::profilelist.profilelist').create({
      data: {
        profileName: profile.profileName,
        profileDescribe: profile.profileDescribe,
        profileIcon: icon.id,
        awardimage: badges.slice(0, profile.badges).map((badge) => badge.id),
        awardList: profile.awards.map((award) => ({ type: 'paragraph', children: [{ type: 'text', text: award }] })),
      },
      status: 'published',
    });
  }
}

async function seedContact(strapi: Core.Strapi, content: DemoContent, media: MediaLibrary): Promise<void> {
  const wechat = await media.qrCode(content.contact.wechat, 'wechat-qr', '工作室微信二维码');
  const officialAccount = await media.qrCode(content.contact.officialAccount, 'official-account-qr', '工作室公众号二维码');
  await strapi.documents('api::contact-mess.contact-mess').create({
    data: {
      wechatimg: wechat.id,
      woaImage: officialAccount.id,
      address: content.contact.address,
      phonenum: content.contact.phonenum,
      mail: content.contact.mail,
    },
  });
}

async function seedLanding(strapi: Core.Strapi, content: DemoContent, media: MediaLibrary): Promise<void> {
  for (const [index, landing] of content.landing.entries()) {
    // No type in the landing backgrounds: the studio's name and the prompt are set over them, and
    // a phone shows only a narrow upright slice of a wide picture.
    const image = await media.artwork(
      { ...WIDE, seed: 600 + index * 3, title: '', caption: '' },
      landing.artwork,
      `首页背景「${landing.name}」：${describeArtwork(600 + index * 3)}`,
    );
    await strapi.documents('api::first-page-img.first-page-img').create({ data: { NavigationPage: image.id } });
  }
}

/** Two at a time: rendering and resizing are CPU-bound and the target machines have two cores. */
async function inPairs<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index], index);
    }
  };
  await Promise.all([worker(), worker()]);
}
