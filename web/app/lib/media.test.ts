import { describe, expect, it } from 'vitest';
import { image, video } from '../test/strapi-fixtures';
import { coverImage, siteRelativeUrl, srcSet, toMedia } from './media';

const CMS = 'http://127.0.0.1:1337';

describe('media helpers', () => {
  it('makes CMS URLs site-relative and leaves other hosts alone', () => {
    expect(siteRelativeUrl(`${CMS}/uploads/a.jpg`, CMS)).toBe('/uploads/a.jpg');
    expect(siteRelativeUrl('/uploads/a.jpg', CMS)).toBe('/uploads/a.jpg');
    expect(siteRelativeUrl('https://cdn.example.com/a.jpg', CMS)).toBe('https://cdn.example.com/a.jpg');
  });

  it('takes the first non-video item as the cover', () => {
    const media = [toMedia(video('film'), CMS), toMedia(image('first'), CMS), toMedia(image('second'), CMS)];
    expect(coverImage(media)?.url).toBe('/uploads/first.jpg');
    expect(coverImage([toMedia(video('only'), CMS)])).toBeUndefined();
  });

  it('builds srcset from the formats, smallest first, with the original last', () => {
    expect(srcSet(toMedia(image('a'), CMS))).toBe(
      '/uploads/thumbnail_a.jpg 234w, /uploads/small_a.jpg 500w, /uploads/medium_a.jpg 750w, /uploads/large_a.jpg 1000w, /uploads/a.jpg 2400w',
    );
    expect(srcSet(toMedia({ url: '/uploads/tiny.png', ext: '.png', width: 100, height: 100 }, CMS))).toBeUndefined();
  });

  it('uses the alt text from the CMS, or the fallback', () => {
    expect(toMedia(image('a'), CMS, 'fallback').alt).toBe('a 的图片');
    expect(toMedia({ url: '/uploads/b.jpg', ext: '.jpg' }, CMS, '项目名称').alt).toBe('项目名称');
  });
});
