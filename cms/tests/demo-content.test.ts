import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, cmsUrl, dataOf } from './support/api';

interface Media {
  url: string;
  ext: string;
  mime: string;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
  formats: Record<string, { url: string; width: number }> | null;
}
const MEDIA = 'fields[0]=url&fields[1]=ext&fields[2]=mime&fields[3]=width&fields[4]=height&fields[5]=formats&fields[6]=alternativeText';
const populate = (field: string) => MEDIA.replace(/fields\[/g, `populate[${field}][fields][`);

// A video is what a browser plays (issue 37): the site decides by the same MIME types.
const isVideo = (media: Media) => media.mime === 'video/mp4' || media.mime === 'video/webm';
const blockTypes = (blocks: unknown): string[] =>
  Array.isArray(blocks)
    ? blocks.flatMap((block: { type: string; children?: unknown }) => [block.type, ...blockTypes(block.children)])
    : [];

/** An upload's bytes from where it is kept: the CMS's /uploads, or the bucket's absolute URL. */
async function fetchBytes(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url.startsWith('/') ? `${cmsUrl()}${url}` : url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the demo studio seeded on first start', () => {
  it('has at least 5 categories and 30 projects, each with 3 or more media, some tall, several with video', async () => {
    const categories = dataOf<Array<{ designType: string }>>(await call('/api/categories'));
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const projects = dataOf<Array<{ flextype: string | null; images: Media[] }>>(await call(`/api/projects?${populate('images')}`));
    expect(projects).toHaveLength(30);
    expect(projects.every((project) => project.images.length >= 3)).toBe(true);
    // Every project is in a category: the category filters (as the site sends them) cover all 30.
    let filed = 0;
    for (const { designType } of categories) {
      filed += dataOf<unknown[]>(await call(`/api/projects?filters[category][designType][$eq]=${encodeURIComponent(designType)}`)).length;
    }
    expect(filed).toBe(30);
    expect(projects.filter((project) => !project.flextype).length).toBeGreaterThanOrEqual(3);
    expect(projects.filter((project) => project.images.some(isVideo)).length).toBeGreaterThanOrEqual(3);
    expect(projects.every((project) => !isVideo(project.images[0]))).toBe(true);
  });

  it('gives every picture an alt text of its own that names what it shows, and videos theirs', async () => {
    const projects = dataOf<Array<{ projectName: string; images: Media[] }>>(await call(`/api/projects?${populate('images')}`));
    const alts = projects.flatMap((project) => project.images.filter((media) => !isVideo(media)).map((media) => media.alternativeText));
    expect(new Set(alts).size).toBe(alts.length);
    for (const project of projects) {
      for (const media of project.images) {
        const alt = media.alternativeText ?? '';
        if (isVideo(media)) {
          // Shared between projects, so it describes the film, never one project.
          expect(projects.some((other) => alt.includes(other.projectName))).toBe(false);
          expect(alt).toMatch(/^动态影像：.{6,}/);
        } else {
          expect(alt.startsWith(project.projectName)).toBe(true);
          expect(alt.length).toBeGreaterThan(project.projectName.length + 10);
        }
      }
    }
  });

  it('has 8 articles with real rich text and 1 to 4 media, videos among them', async () => {
    const articles = dataOf<Array<{ articleContent: unknown; articleImage: Media[] }>>(
      await call(`/api/articles?${populate('articleImage')}`),
    );
    expect(articles).toHaveLength(8);
    for (const entry of articles) {
      expect(entry.articleImage.length).toBeGreaterThanOrEqual(1);
      expect(entry.articleImage.length).toBeLessThanOrEqual(4);
      expect(blockTypes(entry.articleContent)).toEqual(expect.arrayContaining(['heading', 'paragraph', 'list', 'link', 'text']));
    }
    expect(articles.some((entry) => entry.articleImage.some(isVideo))).toBe(true);
  });

  it('has 3 profiles with portrait, award lines and award images', async () => {
    const profiles = dataOf<Array<{ profileIcon: Media | null; awardimage: Media[]; awardList: unknown[] }>>(
      await call(`/api/profilelists?${populate('profileIcon')}&${populate('awardimage')}`),
    );
    expect(profiles).toHaveLength(3);
    for (const profile of profiles) {
      expect(profile.profileIcon).not.toBeNull();
      expect(profile.awardimage.length).toBeGreaterThan(0);
      expect(profile.awardList.length).toBeGreaterThan(0);
    }
  });

  it('has contact info with two scannable QR codes', async () => {
    const contact = dataOf<{ wechatimg: Media; woaImage: Media; mail: string; phonenum: string }>(
      await call(`/api/contact-mess?${populate('wechatimg')}&${populate('woaImage')}`),
    );
    expect(contact.mail).toMatch(/@/);
    for (const qr of [contact.wechatimg, contact.woaImage]) {
      const { bytes } = await fetchBytes(qr.url);
      const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(decoded?.data).toMatch(/^https:\/\//);
    }
  });

  it('has 5 or more landing images about 2400 px wide', async () => {
    const landing = dataOf<Array<{ NavigationPage: Media }>>(await call(`/api/first-page-imgs?${populate('NavigationPage')}`));
    expect(landing.length).toBeGreaterThanOrEqual(5);
    for (const entry of landing) {
      expect(Math.max(entry.NavigationPage.width ?? 0, entry.NavigationPage.height ?? 0)).toBeGreaterThanOrEqual(2000);
    }
  });

  it('serves every project image whole, with the admin\'s thumbnail and no copies the site does not use', async () => {
    const projects = dataOf<Array<{ images: Media[] }>>(await call(`/api/projects?${populate('images')}`));
    const images = projects.flatMap((project) => project.images).filter((media) => !isVideo(media));
    for (const image of images) {
      expect(Math.max(image.width ?? 0, image.height ?? 0)).toBeGreaterThanOrEqual(2000);
      // The site makes its own widths (decision 005); Strapi's small, medium and large are not kept (decision 025).
      expect(Object.keys(image.formats ?? {})).toEqual(['thumbnail']);
      expect(image.alternativeText).toBeTruthy();
    }
    const sample = images[0];
    for (const url of [sample.url, sample.formats?.thumbnail.url ?? '']) {
      const served = await fetchBytes(url);
      expect(served.status).toBe(200);
      expect(served.type).toMatch(/^image\//);
    }
    const videos = projects.flatMap((project) => project.images).filter(isVideo);
    const video = await fetchBytes(videos[0].url);
    expect(video.status).toBe(200);
    expect(video.type).toBe('video/mp4');
  });
});
