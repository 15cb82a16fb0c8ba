import { describe, expect, it } from 'vitest';
import { artworkSvg } from '../src/bootstrap/seed/artwork';
import { readDemoContent } from '../src/bootstrap/seed/demo-content';
import path from 'node:path';

const content = readDemoContent(path.resolve(__dirname, '..'));
const titles = [
  ...content.projects.map((project) => project.artwork),
  ...content.articles.map((article) => article.artwork),
  ...content.profiles.map((profile) => profile.artwork),
  ...content.awardBadges.map((badge) => badge.artwork),
];
const SHAPES = [
  { width: 2400, height: 1600 },
  { width: 1600, height: 2400 },
  { width: 1200, height: 1200 },
  { width: 320, height: 320 },
];

/** The label: the first rect after the composition that holds the title (x, y, width, height). */
function labelBox(svg: string): { x: number; y: number; width: number; height: number } {
  const rects = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="[^"]+"\/><path/g)];
  const last = rects.at(-1);
  if (!last) throw new Error('no label');
  const [x, y, width, height] = last.slice(1).map(Number) as [number, number, number, number];
  return { x, y, width, height };
}

describe('the demo artwork', () => {
  it('draws every title whole: no broken glyph outlines (they cut words short, "COLO", "CIT")', () => {
    for (const title of titles) {
      for (const [seed, shape] of SHAPES.entries()) {
        const svg = artworkSvg({ seed: seed * 7, ...shape, title, caption: 'A STUDIO OF ITS OWN / 2024 / 01' });
        expect(svg, `${title} ${shape.width}x${shape.height}`).not.toMatch(/NaN|Infinity/);
      }
    }
  });

  it('sets title and caption inside the middle of the picture, which every tile crop keeps', () => {
    for (const title of titles) {
      for (const shape of SHAPES.slice(0, 2)) {
        const box = labelBox(artworkSvg({ seed: 3, ...shape, title, caption: 'A STUDIO OF ITS OWN / 2024 / 01' }));
        // A 3:2 cover keeps its middle half across in a tall tile and its middle half down in a
        // 3:1 tile; a 2:3 cover keeps its middle 44% down in the widest tall tile.
        const keep = shape.width > shape.height ? { x: 0.25, y: 0.25 } : { x: 0, y: 0.28 };
        expect(box.x / shape.width, title).toBeGreaterThanOrEqual(keep.x);
        expect((box.x + box.width) / shape.width, title).toBeLessThanOrEqual(1 - keep.x);
        expect(box.y / shape.height, title).toBeGreaterThanOrEqual(keep.y);
        expect((box.y + box.height) / shape.height, title).toBeLessThanOrEqual(1 - keep.y);
      }
    }
  });

  it('has no type at all on the landing backgrounds (the studio name is set over them)', () => {
    const svg = artworkSvg({ seed: 600, width: 2400, height: 1350, title: '', caption: '' });
    expect(svg).not.toMatch(/<path d="M[\d-]/);
  });
});
