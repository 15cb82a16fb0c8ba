import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdPicturesDuringMoves } from './hold-pictures';

// jsdom lays nothing out: every picture's box is 0×0 at the origin, i.e. off screen, and none has
// arrived. Each is given one layout box (it is drawn), but the kept grid's, under display: none.
describe('pictures held during a move (issue 41)', () => {
  let sets: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `
      <a href="/dailyPage/project/a" id="tile"><img src="/_img/800/uploads/a.jpg" srcset="/_img/480/uploads/a.jpg 480w" alt="a"></a>
      <img src="/_img/800/uploads/b.jpg" srcset="/_img/480/uploads/b.jpg 480w" alt="b">
      <img src="/_img/800/uploads/c.jpg" alt="c">
      <picture><source media="(max-aspect-ratio: 3/4)" srcset="/_img/tall-480-50-50/uploads/e.jpg 480w"><img src="/_img/800/uploads/e.jpg" alt="e"></picture>
      <main style="display: none"><img src="/_img/800/uploads/d.jpg" alt="d" loading="lazy"></main>`;
    for (const image of document.querySelectorAll('img')) {
      Object.defineProperty(image, 'complete', { value: false });
      if (image.alt !== 'd') Object.defineProperty(image, 'getClientRects', { value: () => [new DOMRect(0, 0, 0, 0)] });
    }
    sets = [];
    const set = Element.prototype.setAttribute;
    vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name: string, value: string) {
      if (this instanceof HTMLImageElement && name === 'src') sets.push(`${this.alt}:${value.startsWith('data:') ? 'held' : 'back'}`);
      return set.call(this, name, value);
    });
  });
  afterEach(() => vi.useRealTimers());

  const source = (alt: string) => document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)!.getAttribute('src');

  it('holds the other pictures once for a press and its click, keeps the pressed link’s own, and gives them back when no move follows', () => {
    holdPicturesDuringMoves(document);
    const tile = document.getElementById('tile')!;
    tile.querySelector('img')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    tile.querySelector('img')!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(sets).toEqual(['b:held', 'c:held', 'e:held']);
    // A <picture>'s matching source would keep its own file coming: it is held too.
    expect(document.querySelector('source')!.hasAttribute('srcset')).toBe(false);
    expect(source('a')).toBe('/_img/800/uploads/a.jpg');
    // Not drawn (the grid the shell keeps hidden): not downloading, left alone.
    expect(source('d')).toBe('/_img/800/uploads/d.jpg');
    expect(document.querySelector('img[alt="b"]')!.hasAttribute('srcset')).toBe(false);
    vi.advanceTimersByTime(3_000);
    expect(sets).toEqual(['b:held', 'c:held', 'e:held', 'b:back', 'c:back', 'e:back']);
    expect(document.querySelector('source')!.getAttribute('srcset')).toBe('/_img/tall-480-50-50/uploads/e.jpg 480w');
    expect(source('b')).toBe('/_img/800/uploads/b.jpg');
    expect(document.querySelector('img[alt="b"]')!.getAttribute('srcset')).toBe('/_img/480/uploads/b.jpg 480w');
  });
});
