import { act, render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveInTransition, morphingElements, useMoveDrawn } from './move-transition';

// jsdom draws nothing: an element is shown unless it is under `display: none` (the shell keeps the
// page left in the document so, React's Activity) or `hidden`.
const checkVisibility = function (this: Element) {
  return !this.closest('[hidden], [style*="display: none"]');
};

// jsdom lays nothing out: every element is on the screen, 100 px tall, unless it says where it is (`data-top`).
const getBoundingClientRect = function (this: Element) {
  const top = Number(this.closest('[data-top]')?.getAttribute('data-top') ?? 0);
  return { top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top } as DOMRect;
};
const layout = Element.prototype.getBoundingClientRect;

/** The names every element carries now, by its text or alt. */
const names = () =>
  [...document.querySelectorAll<HTMLElement>('*')]
    .filter((element) => element.style.viewTransitionName)
    .map((element) => `${element.style.viewTransitionName}:${element.textContent || element.getAttribute('alt')}`)
    .sort();

function Root() {
  useMoveDrawn();
  return <Outlet />;
}

function Grid() {
  return (
    <main>
      <ul>
        {['1', '2'].map((id) => (
          <li key={id}>
            <a href={`/p/${id}?documentId=${id}`}>
              <img alt={`cover ${id}`} data-morph="project-media" />
              <span data-morph="project-title">{`name ${id}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

function Project() {
  return (
    <main>
      <h1 data-morph="project-title">project 2</h1>
      <button type="button" data-morph="project-media">
        picture 2
      </button>
      <button type="button">picture 3</button>
    </main>
  );
}

function setUp() {
  window.history.replaceState(null, '', '/p');
  const router = createBrowserRouter([{ path: '/', Component: Root, children: [{ path: 'p', Component: Grid }, { path: 'p/:id', Component: Project }] }]);
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * A browser's view transition: the page captured at its next frame, then the update, then its end.
 * A transition started before the previous one was captured skips it (its update runs, nothing is
 * captured).
 */
function fakeTransitions() {
  const seen: Array<{ before?: string[]; after?: string[]; skipped?: true }> = [];
  let waiting: ((skipped: boolean) => void) | null = null;
  const start = vi.fn((update: () => Promise<void> | void) => {
    waiting?.(true);
    const record: (typeof seen)[number] = {};
    seen.push(record);
    let trigger!: (skipped: boolean) => void;
    const captured = new Promise<boolean>((resolve) => (trigger = resolve));
    waiting = trigger;
    setTimeout(() => trigger(false), 0);
    const finished = captured.then(async (skipped) => {
      if (waiting === trigger) waiting = null;
      if (skipped) record.skipped = true;
      else record.before = names();
      await update();
      if (!skipped) record.after = names();
    });
    return { finished, ready: finished, updateCallbackDone: finished, skipTransition: () => {} };
  });
  Object.assign(document, { startViewTransition: start });
  return { start, seen };
}

describe('the site’s own view transitions (issue 41)', () => {
  let reduce = false;
  beforeEach(() => {
    reduce = false;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query.includes('reduce') && reduce, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
    Object.assign(Element.prototype, { checkVisibility, getBoundingClientRect });
  });
  afterEach(() => {
    delete (document as { startViewTransition?: unknown }).startViewTransition;
    delete (Element.prototype as { checkVisibility?: unknown }).checkVisibility;
    Object.assign(Element.prototype, { getBoundingClientRect: layout });
  });

  it('finds the marked elements of a page inside the link to it, or on the page itself when it is shown', () => {
    document.body.innerHTML = `
      <main style="display: none"><a href="/p/2"><img alt="kept" data-morph="project-media"></a></main>
      <main><a href="http://[not an address"><img alt="broken" data-morph="project-media"></a><a href="/p/1"><img alt="one" data-morph="project-media"></a><a href="/p/2/?documentId=2"><img alt="two" data-morph="project-media"><span data-morph="project-title">Two</span></a></main>`;
    window.history.replaceState(null, '', '/p');
    expect(morphingElements('/p/2').map((element) => element.getAttribute('alt') ?? element.textContent)).toEqual(['two', 'Two']);
    expect(morphingElements('/p/2?documentId=2')).toHaveLength(2);
    expect(morphingElements('/p/3')).toEqual([]);
    // The address has changed, the page not yet: still only the tile, not every marked element of the list.
    window.history.replaceState(null, '', '/p/2');
    expect(morphingElements('/p/2').map((element) => element.getAttribute('alt') ?? element.textContent)).toEqual(['two', 'Two']);
    document.body.innerHTML = `<main><h1 data-morph="project-title">Two</h1><button data-morph="project-media">picture</button><a href="/p/3"><img alt="next" data-morph="project-media"></a></main>`;
    expect(morphingElements('/p/2').map((element) => element.getAttribute('alt') ?? element.textContent)).toEqual(['Two', 'picture']);
  });

  it('names only what is on the screen: nothing flies to or from a place the visitor cannot see', () => {
    // jsdom's window: 1024 × 768.
    document.body.innerHTML = `
      <main><a href="/p/1"><img alt="one" data-morph="project-media"></a><a href="/p/2" data-top="2000"><img alt="two" data-morph="project-media"><span data-morph="project-title">Two</span></a><a href="/p/3"><img alt="three" data-morph="project-media"><span data-morph="project-title" data-top="-150">Three</span></a></main>`;
    window.history.replaceState(null, '', '/p');
    expect(morphingElements('/p/1').map((element) => element.getAttribute('alt'))).toEqual(['one']);
    expect(morphingElements('/p/2')).toEqual([]);
    expect(morphingElements('/p/3').map((element) => element.getAttribute('alt') ?? element.textContent)).toEqual(['three']);
    // Partly on the screen is on the screen: its part the visitor sees moves.
    document.querySelector('[data-top="-150"]')!.setAttribute('data-top', '-50');
    expect(morphingElements('/p/3')).toHaveLength(2);
    // A project scrolled down to its pager: its title and first picture are above the screen.
    document.body.innerHTML = `<main><h1 data-morph="project-title" data-top="-900">Two</h1><button data-morph="project-media" data-top="-800">picture</button></main>`;
    window.history.replaceState(null, '', '/p/2');
    expect(morphingElements('/p/2')).toEqual([]);
  });

  it('carries a tile’s cover and name into its project, and takes every name off when it ends', async () => {
    const { start, seen } = fakeTransitions();
    const router = setUp();
    // The tile's own address, its query and all, as the grid's links give it. A freeze far longer
    // than the test: the root's `useMoveDrawn` is what lets the transition go on.
    await act(async () => moveInTransition(() => void router.navigate('/p/2?documentId=2'), { morph: '/p/2?documentId=2', freezeMs: 60_000 }));
    expect(await screen.findByRole('heading', { name: 'project 2' })).toBeInTheDocument();
    await act(() => start.mock.results[0]!.value.finished);
    expect(seen).toEqual([{ before: ['project-media:cover 2', 'project-title:name 2'], after: ['project-media:picture 2', 'project-title:project 2'] }]);
    expect(names()).toEqual([]);
  });

  it('moves pairs only: a name whose partner was below the screen at the click is not given on the next page', async () => {
    const { start, seen } = fakeTransitions();
    const router = setUp();
    screen.getByText('name 2').setAttribute('data-top', '2000');
    await act(async () => moveInTransition(() => void router.navigate('/p/2?documentId=2'), { morph: '/p/2?documentId=2', freezeMs: 60_000 }));
    // Outside \`act\`: the transition's end waits for React's commit, which \`act\` would hold until it ends.
    expect(await screen.findByRole('heading', { name: 'project 2' })).toBeInTheDocument();
    await act(() => start.mock.results[0]!.value.finished);
    expect(seen).toEqual([{ before: ['project-media:cover 2'], after: ['project-media:picture 2'] }]);
    expect(names()).toEqual([]);
  });

  it('a second move made before the first was captured is the one that morphs, and leaves no name behind', async () => {
    const { start, seen } = fakeTransitions();
    const router = setUp();
    await act(async () => {
      moveInTransition(() => void router.navigate('/p/1?documentId=1'), { morph: '/p/1?documentId=1', freezeMs: 60_000 });
      moveInTransition(() => void router.navigate('/p/2?documentId=2'), { morph: '/p/2?documentId=2', freezeMs: 60_000 });
    });
    expect(await screen.findByRole('heading', { name: 'project 2' })).toBeInTheDocument();
    await act(() => Promise.all(start.mock.results.map((result) => result.value.finished)));
    expect(seen).toEqual([{ skipped: true }, { before: ['project-media:cover 2', 'project-title:name 2'], after: ['project-media:picture 2', 'project-title:project 2'] }]);
    expect(window.location.pathname).toBe('/p/2');
    expect(names()).toEqual([]);
  });

  it('names nothing in a move about no page, and makes none with reduced motion', async () => {
    const { start, seen } = fakeTransitions();
    const router = setUp();
    await act(async () => moveInTransition(() => void router.navigate('/p/2?documentId=2')));
    await act(() => start.mock.results[0]!.value.finished);
    expect(seen).toEqual([{ before: [], after: [] }]);
    await act(async () => router.navigate('/p'));
    reduce = true;
    await act(async () => moveInTransition(() => void router.navigate('/p/1?documentId=1'), { morph: '/p/1' }));
    expect(await screen.findByRole('heading', { name: 'project 2' })).toBeInTheDocument();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('lets a move whose page does not come show the page as it is after its freeze, names taken off', async () => {
    const { start, seen } = fakeTransitions();
    setUp();
    const began = performance.now();
    await act(async () => moveInTransition(() => {}, { morph: '/p/1', freezeMs: 30 }));
    await act(() => start.mock.results[0]!.value.finished);
    expect(performance.now() - began).toBeGreaterThanOrEqual(25);
    // The page as it is, its tile in its own place: nothing moves, and no name is left behind.
    expect(seen).toEqual([{ before: ['project-media:cover 1', 'project-title:name 1'], after: ['project-media:cover 1', 'project-title:name 1'] }]);
    expect(names()).toEqual([]);
  });
});
