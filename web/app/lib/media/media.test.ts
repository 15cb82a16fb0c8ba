import { describe, expect, it } from 'vitest';
import { image, video } from '~/test/strapi-fixtures';
import { coverImage, imageSources, siteRelativeUrl, tallSources, underShare, type Media } from './media';
import { toMedia } from './media-schema.server';

const CMS = { baseUrl: 'http://127.0.0.1:1337' };
const BUCKET = { baseUrl: CMS.baseUrl, mediaBaseUrl: 'http://127.0.0.1:9000/studio-media' };

describe('media helpers', () => {
  it('makes CMS URLs site-relative and leaves other hosts alone', () => {
    expect(siteRelativeUrl(`${CMS.baseUrl}/uploads/a.jpg`, CMS)).toBe('/uploads/a.jpg');
    expect(siteRelativeUrl('/uploads/a.jpg', CMS)).toBe('/uploads/a.jpg');
    expect(siteRelativeUrl('https://cdn.example.com/a.jpg', CMS)).toBe('https://cdn.example.com/a.jpg');
  });

  it('serves objects of the media bucket as the site\'s own /uploads/<key>, and nothing else of that host', () => {
    expect(siteRelativeUrl(`${BUCKET.mediaBaseUrl}/a_1f2e.jpg`, BUCKET)).toBe('/uploads/a_1f2e.jpg');
    expect(toMedia({ url: `${BUCKET.mediaBaseUrl}/b.jpg`, ext: '.jpg', width: 2400, height: 1600 }, BUCKET).url).toBe('/uploads/b.jpg');
    // Another bucket on the same server is not ours: it stays where it is (and the CSP keeps it off the page).
    expect(siteRelativeUrl('http://127.0.0.1:9000/studio-media-other/a.jpg', BUCKET)).toBe('http://127.0.0.1:9000/studio-media-other/a.jpg');
  });

  it('takes the first non-video item as the cover', () => {
    const media = [toMedia(video('film'), CMS), toMedia(image('first'), CMS), toMedia(image('second'), CMS)];
    expect(coverImage(media)?.url).toBe('/uploads/first.jpg');
    expect(coverImage([toMedia(video('only'), CMS)])).toBeUndefined();
  });

  it("sends uploads through the image endpoint at its widths, never wider than the original", () => {
    const { src, srcSet } = imageSources(toMedia(image('a'), CMS));
    expect(src).toBe('/_img/800/uploads/a.jpg');
    expect(srcSet).toBe(
      [240, 360, 480, 640, 800, 960, 1200, 1600, 2000, 2400].map((width) => `/_img/${width}/uploads/a.jpg ${width}w`).join(', '),
    );
    const small = imageSources(toMedia({ url: '/uploads/tiny.png', ext: '.png', width: 300, height: 300 }, CMS));
    expect(small.srcSet).toBe('/_img/240/uploads/tiny.png 240w, /_img/360/uploads/tiny.png 300w');
  });

  it("keeps Strapi's formats for images the endpoint does not resize (SVG, another host)", () => {
    const svg = imageSources(toMedia({ url: '/uploads/logo.svg', ext: '.svg', width: 100, height: 100 }, CMS));
    expect(svg).toEqual({ src: '/uploads/logo.svg', srcSet: undefined });
    const elsewhere = imageSources(toMedia({ ...image('b'), url: 'https://cdn.example.com/b.jpg' }, CMS));
    expect(elsewhere.src).toBe('https://cdn.example.com/b.jpg');
    expect(elsewhere.srcSet).toContain('/uploads/thumbnail_b.jpg 234w');
  });

  it("puts a share link's files under its own address, still through the image endpoint (issue 39)", () => {
    const shared = underShare({ name: 'x', media: [toMedia(image('a'), CMS)] }, 'T'.repeat(32));
    expect(shared.media[0]!.url).toBe(`/s/${'T'.repeat(32)}/uploads/a.jpg`);
    expect(shared.media[0]!.formats.every((format) => format.url.startsWith(`/s/${'T'.repeat(32)}/uploads/`))).toBe(true);
    expect(imageSources(shared.media[0]!).src).toBe(`/_img/800/s/${'T'.repeat(32)}/uploads/a.jpg`);
    expect(shared.name).toBe('x');
  });

  it('uses the alt text from the CMS, or the fallback', () => {
    expect(toMedia(image('a'), CMS, 'fallback').alt).toBe('a 的图片');
    expect(toMedia({ url: '/uploads/b.jpg', ext: '.jpg' }, CMS, '项目名称').alt).toBe('项目名称');
  });
});

describe('what is a video, and where a crop is centred (issue 37)', () => {
  it('takes a file for a video by the MIME type a browser plays, MP4 or WebM, else by its extension', () => {
    expect(toMedia({ url: '/uploads/reel.webm', ext: '.webm', mime: 'video/webm' }, CMS).kind).toBe('video');
    expect(toMedia({ url: '/uploads/reel.mp4', ext: '.mp4', mime: 'video/mp4' }, CMS).kind).toBe('video');
    // No MIME type from the CMS: the spec's rule (.mp4), and .webm with it.
    expect(toMedia({ url: '/uploads/old.mp4', ext: '.mp4' }, CMS).kind).toBe('video');
    expect(toMedia({ url: '/uploads/old.webm', ext: '.webm' }, CMS).kind).toBe('video');
    // A video no browser plays is not offered as one; a picture is a picture whatever its name.
    expect(toMedia({ url: '/uploads/raw.mov', ext: '.mov', mime: 'video/quicktime' }, CMS).kind).toBe('image');
    expect(toMedia({ url: '/uploads/still.mp4.jpg', ext: '.jpg', mime: 'image/jpeg' }, CMS).kind).toBe('image');
  });

  it("keeps the focal point the editor set in Strapi's media library, and drops one out of range", () => {
    expect(toMedia({ ...image('a'), focalPoint: { x: 92.4, y: 8 } }, CMS).focus).toEqual({ x: 92, y: 8 });
    expect(toMedia({ ...image('a'), focalPoint: { x: 120, y: 8 } }, CMS).focus).toBeNull();
    expect(toMedia(image('a'), CMS).focus).toBeNull();
  });
});

describe("an upright phone's cut of a wide picture (decision 022, fifteenth pass)", () => {
  const picture = (width: number, height: number, focus: Media['focus'] = null): Media => ({ url: '/uploads/wide.jpg', kind: 'image', alt: '', width, height, placeholder: null, formats: [], focus });

  it('offers the 3:4 cut around the focus in steps of 5 %, at the widths up to its own', () => {
    // 2400×1600: the cut is 1200×1600; the centre when no focus was set.
    expect(tallSources(picture(2400, 1600))?.srcSet).toBe(
      ['240', '360', '480', '640', '800', '960', '1200'].map((width) => `/_img/tall-${width}-50-50/uploads/wide.jpg ${width}w`).join(', '),
    );
    // 2400×1350: the cut is 1013 px wide, and its largest candidate says so.
    expect(tallSources(picture(2400, 1350))?.srcSet).toMatch(/\/_img\/tall-1200-50-50\/uploads\/wide\.jpg 1013w$/);
    expect(tallSources(picture(2400, 1600, { x: 92, y: 8 }))?.srcSet).toMatch(/^\/_img\/tall-240-90-10\/uploads\/wide\.jpg 240w, /);
    expect(tallSources(picture(2400, 1600, { x: 100, y: 0 }))?.srcSet).toContain('/_img/tall-240-100-0/');
  });

  it('offers none for a picture not wider than tall, one it cannot resize, or one of unknown size', () => {
    expect(tallSources(picture(1600, 1600))).toBeUndefined();
    expect(tallSources(picture(1200, 1600))).toBeUndefined();
    expect(tallSources(picture(1700, 1600))).toBeDefined();
    expect(tallSources({ ...picture(2400, 1600), url: '/uploads/wide.gif' })).toBeUndefined();
    expect(tallSources({ ...picture(2400, 1600), width: null })).toBeUndefined();
  });
});
