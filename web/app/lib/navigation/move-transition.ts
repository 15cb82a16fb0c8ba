import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '~/lib/hooks/use-reduced-motion';

/**
 * The view transitions of the moves the site makes itself (a tile, a card, a category, the pager),
 * started at the click, and none for the browser's Back and Forward (decision 022, twenty-sixth
 * pass).
 *
 * React Router's own (`navigate(to, { viewTransition })`) starts the transition only once the move's
 * data is in, after two renders of its transition state, each waiting for the other's effects, and
 * replays it reversed on Back. On the throttled desktop window, Back to a grid left at its 15th
 * tile showed its first frame of the grid 370–400 ms after the press with that reversal, and
 * 200–290 ms without. A phone's Back is often the browser's own swipe, which already animates.
 *
 * Here the browser captures the page as it is at the click while the next one renders, and shows
 * the next one as soon as React has committed it (`useMoveDrawn` in the root). Elements marked
 * `data-morph="<name>"` carry that view-transition name across the move when they belong to the
 * page the move is about (`morph`): inside the visible link to that page (a tile in the grid), or
 * anywhere on the page shown when it is that page (a project's title and first picture). Names are
 * given for the capture only and taken off after it, so the page's other transitions keep their
 * plain cross-fade.
 */

/** How long the page may stay frozen on its picture for a move whose page has not come: it then simply appears. */
export const MOVE_FREEZE_MS = 1_000;

let drawn: (() => void) | null = null;
/** The latest move: one a later move has overtaken neither moves nor names anything more. */
let latest: object | null = null;

/** Resolves the move under way: its page is in the document. Called by the root at each new location. */
export function useMoveDrawn(): void {
  const { key } = useLocation();
  useLayoutEffect(() => {
    const done = drawn;
    drawn = null;
    done?.();
  }, [key]);
}

/** A path as the router compares it: no trailing slash but the root's (an address that is none: itself). */
export const pathOf = (address: string): string => {
  let pathname: string;
  try {
    ({ pathname } = new URL(address, 'http://site'));
  } catch {
    return address;
  }
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
};

const shown = (element: Element) => element.checkVisibility();

/**
 * Inside what the visitor sees (the visual viewport, for a page zoomed in): an element off the
 * screen would fly in from (or out to) a place the visitor cannot see, as a project left by its
 * pager's link to the list did towards a tile of the grid below its first screen.
 */
const onScreen = (element: Element) => {
  const { top, right, bottom, left } = element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const viewport = view.visualViewport;
  const x = viewport?.offsetLeft ?? 0;
  const y = viewport?.offsetTop ?? 0;
  return bottom > y && right > x && top < y + (viewport?.height ?? view.innerHeight) && left < x + (viewport?.width ?? view.innerWidth);
};

/** What can move: rendered and on the screen. */
const movable = (element: Element) => shown(element) && onScreen(element);

/** The visible elements on the screen marked to carry a name for the page at `address` (see above; its query does not count). */
export function morphingElements(address: string, root: Document = document): HTMLElement[] {
  const page = [...root.querySelectorAll('main')].find(shown);
  if (!page) return [];
  const path = pathOf(address);
  // A link to it first: the address can change before the page does (a move whose page is slow to
  // come, released by its freeze, shows the list under the new address; naming the whole list
  // then would give every tile the same name).
  const link = [...page.querySelectorAll<HTMLAnchorElement>('a[href]')].find((candidate) => pathOf(candidate.getAttribute('href')!) === path && shown(candidate));
  if (link) return [...link.querySelectorAll<HTMLElement>('[data-morph]')].filter(movable);
  if (pathOf(root.location?.pathname ?? '/') !== path) return [];
  // The page's own: not those of the links it holds to other pages.
  return [...page.querySelectorAll<HTMLElement>('[data-morph]')].filter((element) => !element.closest('a[href]') && movable(element));
}

/** The move that gave each element its name: a move ends by taking off only the names it still owns. */
const owners = new WeakMap<HTMLElement, object>();

function name(elements: HTMLElement[], move: object): HTMLElement[] {
  for (const element of elements) {
    element.style.viewTransitionName = element.dataset.morph!;
    owners.set(element, move);
  }
  return elements;
}

function unname(elements: HTMLElement[], move: object): void {
  for (const element of elements) {
    if (owners.get(element) !== move) continue; // a later move named it again
    element.style.removeProperty('view-transition-name');
    owners.delete(element);
  }
}

/**
 * Makes the move `go` (a navigation) in a view transition, unless the visitor asks for less motion
 * or the browser has none. `morph`: the address of the page whose marked elements move with it.
 * `freezeMs`: the longest the page stays frozen waiting for the next one.
 *
 * The move starts once the page as it was has been captured (the transition's update): started at
 * the click, a page fetched ahead could be committed before the browser's next frame, which would
 * then capture the next page as the old one, and nothing would move.
 */
export function moveInTransition(go: () => void, { morph, freezeMs = MOVE_FREEZE_MS }: { morph?: string; freezeMs?: number } = {}): void {
  if (prefersReducedMotion() || typeof document.startViewTransition !== 'function') {
    go();
    return;
  }
  // A move still waiting for its page shows what it has now.
  drawn?.();
  const move = {};
  latest = move;
  const old = morph ? name(morphingElements(morph), move) : [];
  let next: HTMLElement[] = [];
  const committed = new Promise<void>((resolve) => {
    drawn = resolve;
    setTimeout(resolve, freezeMs);
  });
  const transition = document.startViewTransition(async () => {
    // The page as it was is captured: its names come off before the next page's are given.
    unname(old, move);
    // Overtaken by a later move before the browser could capture it: that move is the visitor's.
    if (latest !== move) return;
    go();
    await committed;
    // Pairs only: an element whose partner was not named (off the screen) would appear on its own.
    const pairs = new Set(old.map((element) => element.dataset.morph));
    if (morph && latest === move) next = name(morphingElements(morph).filter((element) => pairs.has(element.dataset.morph)), move);
  });
  const done = () => unname(next, move);
  transition.finished.then(done, done);
}
