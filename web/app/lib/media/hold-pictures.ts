import { ownClick } from '~/lib/navigation/quiet-link';

/**
 * Issue 41, point 2: data before pictures. On a slow connection the pictures a visitor scrolled
 * past (a phone's lazy loading starts those up to 2,500 px ahead) share the bandwidth with the
 * few KB the next page's data is; a throttled phone measured the data of a tile tapped 0.4 s after
 * scrolling take 330–470 ms behind twelve pictures. The moment the visitor commits to a move (a
 * press on a link of this site, or its click from the keyboard), the pictures off screen that have
 * not arrived stop downloading: each keeps its placeholder colours (drawn behind it), and its own
 * address is put back if the move does not happen (the press became a scroll, or the link was the
 * page itself). Pictures on screen go on (the visitor sees them until the next page is in), and so
 * does the pressed link's own (it moves into the next page).
 */

/** A transparent pixel: the `<img>` shows its placeholder background, without a broken-image mark. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A move not made within this long gives the pictures back. */
const GIVE_BACK_AFTER_MS = 3_000;

interface Held {
  image: HTMLImageElement;
  src: string | null;
  srcset: string | null;
  /** A `<picture>`'s sources with their candidates: a matching one would keep its file coming. */
  sources: Array<{ source: HTMLSourceElement; srcset: string | null }>;
}

/**
 * A part of the page the browser may skip while it is far from the window (`content-visibility:
 * auto`: a grid's tile, an article card) carries this attribute, and its own box stands for the
 * pictures inside it. The box of a picture in a skipped part makes the browser style and lay out
 * that part first, and skip it again after: a layout per tile, 4–16 ms each at the 4× CPU (issue
 * 41: eleven or twelve of them made a tap on a scrolled grid's tile 115–157 ms before its click).
 * The part's own box is laid out with the page. (An article card whose cover is off screen while
 * its text is on screen keeps its cover coming: one row at most, the harmless way.)
 */
export const SKIPPABLE = 'data-skippable';
/** Spread on such a part: `<li className={styles.tile} {...skippable}>`. */
export const skippable = { [SKIPPABLE]: '' } as const;

/** The element whose box tells where a picture is: its skippable part, or else the picture. */
const frameOf = (image: Element): Element => image.closest(`[${SKIPPABLE}]`) ?? image;

/** Whether any of the element is inside the window. */
function onScreen(element: Element, view: { width: number; height: number }): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < view.height && box.left < view.width;
}

/**
 * The pictures in `root` still on their way and off screen (not `keep`'s), stopped; the function
 * gives them back.
 *
 * Every box is read before any picture is touched: a picture's new `src` makes the page's layout
 * stale, and a read after it lays the page out again. Read and stopped in turn, the pictures of a
 * scrolled grid cost a layout each, 31 ms of a press at the 4× CPU (issue 41); read first, the
 * press costs one, and a picture in a part the browser skips costs none (`SKIPPABLE`).
 */
export function holdPictures(root: ParentNode, keep?: Element | null, view = { width: innerWidth, height: innerHeight }): () => void {
  const coming = [...root.querySelectorAll<HTMLImageElement>('img[src]')].filter((image) => !image.complete && !keep?.contains(image) && image.getAttribute('src') !== NOTHING);
  // Not drawn at all (the grid the shell keeps hidden while a project is open): not downloading.
  const offScreen = coming.filter((image) => {
    const frame = frameOf(image);
    return frame.getClientRects().length > 0 && !onScreen(frame, view);
  });
  const held: Held[] = offScreen.map((image) => ({
    image,
    src: image.getAttribute('src'),
    srcset: image.getAttribute('srcset'),
    sources: image.parentElement instanceof HTMLPictureElement
      ? [...image.parentElement.querySelectorAll('source')].map((source) => ({ source, srcset: source.getAttribute('srcset') }))
      : [],
  }));
  for (const { image, sources } of held) {
    for (const { source } of sources) source.removeAttribute('srcset');
    image.removeAttribute('srcset');
    image.setAttribute('src', NOTHING);
  }
  return () => {
    for (const { image, src, srcset, sources } of held.splice(0)) {
      if (!image.isConnected) continue; // the move was made and that page is gone
      for (const { source, srcset: candidates } of sources) if (candidates !== null) source.setAttribute('srcset', candidates);
      if (srcset !== null) image.setAttribute('srcset', srcset);
      if (src !== null) image.setAttribute('src', src);
    }
  };
}

/** A link to another page of this site, opened here (not a new tab, a download or another site). */
function movingLink(target: EventTarget | null, here: Location): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return null;
  return link;
}

/** Listens for the visitor's moves (once, in the browser's entry) and holds the pictures during each. */
export function holdPicturesDuringMoves(doc: Document = document): void {
  let held: { link: Element; giveBack: () => void } | null = null;
  let timer: number | undefined;
  const release = () => {
    window.clearTimeout(timer);
    held?.giveBack();
    held = null;
  };
  const hold = (event: Event) => {
    if (event instanceof MouseEvent && !ownClick(event, undefined)) return;
    const link = movingLink(event.target, doc.location);
    if (!link) return;
    // The click that ends a press on the same link finds its pictures already held: giving them back
    // and holding them again would restart their downloads for an instant, and cost the click a
    // second pass over the page's pictures. A move before the last one gives its pictures back.
    if (held?.link !== link) {
      release();
      held = { link, giveBack: holdPictures(doc.body, link) };
    }
    window.clearTimeout(timer);
    timer = window.setTimeout(release, GIVE_BACK_AFTER_MS);
  };
  doc.addEventListener('pointerdown', hold, true);
  doc.addEventListener('click', hold, true);
  // The press became a scroll or a drag: no move, the pictures go on.
  doc.addEventListener('pointercancel', release, true);
  addEventListener('popstate', release);
}
