import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIPPABLE, holdPictures, holdPicturesDuringMoves } from './hold-pictures';

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
      if (image.alt !== 'd') Object.defineProperty(image, 'getClientRects', { value: () => [new DOMRect(0, 0, 0, 0)], configurable: true });
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

  it('reads where a picture in a tile the browser may skip is from the tile’s own box, never the picture’s', () => {
    // `b` and `e` sit in tiles (content-visibility: auto): `b`'s tile is far below the window, `e`'s
    // on screen. Reading a picture's own box there would make the browser lay its tile out first.
    document.body.insertAdjacentHTML(
      'beforeend',
      `<ul><li ${SKIPPABLE} id="far"></li><li ${SKIPPABLE} id="near"></li></ul>`,
    );
    document.getElementById('far')!.append(document.querySelector('img[alt="b"]')!);
    document.getElementById('near')!.append(document.querySelector('picture')!);
    // The near tile straddles the window's top edge: part of it is on screen.
    const boxes: Record<string, DOMRect> = { far: new DOMRect(0, 5_000, 100, 100), near: new DOMRect(0, -50, 100, 100), c: new DOMRect(0, 1_500, 100, 100) };
    const read: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('li, img')) {
      const name = element.id || (element as HTMLImageElement).alt;
      const box = () => {
        read.push(name);
        return boxes[name] ?? new DOMRect(0, 0, 0, 0);
      };
      Object.defineProperty(element, 'getBoundingClientRect', { value: box });
      Object.defineProperty(element, 'getClientRects', { value: () => (name === 'd' ? [] : [box()]), configurable: true });
    }
    const giveBack = holdPictures(document.body, document.getElementById('tile'), { width: 400, height: 800 });
    // The far tile's picture and `c` (below the window) stop; the near tile's goes on.
    expect(sets).toEqual(['c:held', 'b:held']);
    expect(source('e')).toBe('/_img/800/uploads/e.jpg');
    expect(document.querySelector('source')!.getAttribute('srcset')).toBe('/_img/tall-480-50-50/uploads/e.jpg 480w');
    expect(read).not.toContain('b');
    expect(read).not.toContain('e');
    expect(new Set(read)).toEqual(new Set(['far', 'near', 'c']));
    giveBack();
    expect(source('b')).toBe('/_img/800/uploads/b.jpg');
    expect(source('c')).toBe('/_img/800/uploads/c.jpg');
  });
});
