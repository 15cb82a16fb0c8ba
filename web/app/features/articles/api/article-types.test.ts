import { describe, expect, it } from 'vitest';
import type { Media } from '~/lib/media/media';
import { articleCard, type ArticleSummary } from './article-types';

const medium = (url: string, kind: Media['kind']): Media => ({ url, kind, alt: url, width: 800, height: 600, placeholder: null, formats: [] });
const article = (media: Media[]): ArticleSummary => ({ documentId: 'a1', name: 'Name', time: '2025-01-01', chief: 'Chief', media });

describe('articleCard', () => {
  it('keeps the texts and only the first picture that is not a video', () => {
    const card = articleCard(article([medium('/uploads/v.mp4', 'video'), medium('/uploads/p.jpg', 'image'), medium('/uploads/q.jpg', 'image')]));
    expect(card).toEqual({ documentId: 'a1', name: 'Name', time: '2025-01-01', chief: 'Chief', cover: medium('/uploads/p.jpg', 'image') });
    expect(card).not.toHaveProperty('media');
  });

  it('has no cover when the article has only videos or nothing', () => {
    expect(articleCard(article([medium('/uploads/v.mp4', 'video')])).cover).toBeNull();
    expect(articleCard(article([])).cover).toBeNull();
  });
});
