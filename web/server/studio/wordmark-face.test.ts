import { describe, expect, it } from 'vitest';
import { createWordmarkFaces } from './wordmark-face';

const facesIn = (css: string) => [...css.matchAll(/@font-face\{[^}]*unicode-range:([^;}]*)/g)].map((match) => match[1]);

describe("the wordmark's face, cut from the studio's Latin name (issue 37)", () => {
  it('is one inline face for ASCII letters, a second part for Latin Extended ones, named by its letters', async () => {
    const face = createWordmarkFaces();
    const ascii = await face('ATELIER BERLIN CN EN');
    expect(facesIn(ascii.css)).toHaveLength(1);
    expect(ascii.css).toMatch(/src:url\(data:font\/woff2;base64,[A-Za-z0-9+/=]{200,}\)/);
    expect(ascii.css).toContain('font-display:block');
    const polish = await face('ŁĄKA ATELIER CN EN');
    expect(facesIn(polish.css)).toHaveLength(2);
    expect(polish.href).not.toBe(ascii.href);
    // The same letters in another order: the same face, kept.
    expect((await face('BERLIN ATELIER EN CN')).href).toBe(ascii.href);
  });

  it('is small enough to ride in the first bytes of every page: no hinting, a couple of KB', async () => {
    const face = createWordmarkFaces();
    // A fifteen-letter name with the toggle's letters: hinted, the face alone was 5.4 KB of base64.
    const { css } = await face('SHIGUANG STUDIO CN EN');
    const base64 = /base64,([A-Za-z0-9+/=]+)\)/.exec(css)?.[1] ?? '';
    expect(base64.length).toBeGreaterThan(200);
    expect(base64.length).toBeLessThan(2400);
  });
});
