import { act, fireEvent, render, screen } from '@testing-library/react';
import { memo, Profiler, type ReactNode } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietLink } from './quiet-link';

function Where() {
  const { pathname, search, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search} ${JSON.stringify(state)}`}</p>;
}

/** Commits seen under each item of the list (React's Profiler: a commit of anything it wraps). */
let commits: Record<string, number> = {};
const Item = memo(function Item({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Profiler id={name} onRender={() => (commits[name] = (commits[name] ?? 0) + 1)}>
      <li>{children}</li>
    </Profiler>
  );
});

function Grid() {
  return (
    <main>
      <ul>
        <Item name="quiet">
          <QuietLink to="/grid/a?documentId=a" state={{ list: ['a', 'b'] }} viewTransition>
            quiet a
          </QuietLink>
        </Item>
        <Item name="router">
          <Link to="/grid/b?documentId=b">router b</Link>
        </Item>
        <Item name="here">
          <QuietLink to="/grid">this grid</QuietLink>
        </Item>
        <Item name="relative">
          <QuietLink to="b?documentId=b">relative b</QuietLink>
        </Item>
      </ul>
      <Outlet />
    </main>
  );
}

function setUp(path = '/grid') {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    {
      path: '/',
      element: (
        <>
          <Where />
          <Outlet />
        </>
      ),
      children: [{ path: 'grid', Component: Grid, children: [{ path: ':id', loader: async ({ params }) => params.id, Component: () => <h1>project</h1> }] }],
    },
  ]);
  render(<RouterProvider router={router} />);
  commits = {};
  return router;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a quiet link (issue 41)', () => {
  it('opens its address with its state, as a router link does', async () => {
    setUp();
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'quiet a' })));
    expect(await screen.findByRole('heading', { name: 'project' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/grid/a?documentId=a {"list":["a","b"]}');
    expect(window.history.length).toBe(before + 1);
  });

  it('is a plain link to its address for a new tab, a new window or another button', async () => {
    setUp();
    const link = screen.getByRole('link', { name: 'quiet a' });
    expect(link.getAttribute('href')).toBe('/grid/a?documentId=a');
    // The browser's own handling (a new tab, a new window) is left to it: the click is not taken.
    // (Noted once the page has seen it, then stopped: jsdom cannot open a tab.)
    const taken: boolean[] = [];
    const note = (event: MouseEvent) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', note);
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) fireEvent.click(link, click);
    window.removeEventListener('click', note);
    expect(taken).toEqual([false, false, false, false]);
    expect(screen.getByTestId('where').textContent).toBe('/grid null');
  });

  it('replaces the history entry when it leads to the page shown', async () => {
    setUp();
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'this grid' })));
    expect(window.history.length).toBe(before);
    expect(screen.getByTestId('where').textContent).toBe('/grid null');
  });

  it('hands an address that is not from the root to a router link, which resolves it', async () => {
    setUp();
    const link = screen.getByRole('link', { name: 'relative b' });
    expect(link.getAttribute('href')).toBe('/grid/b?documentId=b');
    await act(async () => fireEvent.click(link));
    expect(await screen.findByRole('heading', { name: 'project' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/grid/b?documentId=b null');
  });

  it('does not render again while the router moves; a router link does', async () => {
    const router = setUp();
    await act(async () => router.navigate('/grid/b?documentId=b'));
    expect(await screen.findByRole('heading', { name: 'project' })).toBeTruthy();
    expect(commits.quiet ?? 0).toBe(0);
    expect(commits.here ?? 0).toBe(0);
    expect(commits.router).toBeGreaterThanOrEqual(1);
  });

  it('moves in a view transition unless the visitor asks for less motion, as they ask at the click', async () => {
    const transitions = vi.fn((update: () => void) => {
      update();
      const done = Promise.resolve();
      return { finished: done, ready: done, updateCallbackDone: done, skipTransition: () => {} };
    });
    const reduce = { value: false };
    // A browser's list is live: `matches` follows the setting.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          get matches() {
            return query.includes('reduce') && reduce.value;
          },
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    Object.assign(document, { startViewTransition: transitions });
    try {
      const router = setUp();
      await act(async () => fireEvent.click(screen.getByRole('link', { name: 'quiet a' })));
      expect(await screen.findByRole('heading', { name: 'project' })).toBeTruthy();
      expect(transitions).toHaveBeenCalledTimes(1);
      await act(async () => router.navigate('/grid'));
      transitions.mockClear();
      // The visitor turns motion down while the page is open: the next click has no transition.
      reduce.value = true;
      await act(async () => fireEvent.click(screen.getByRole('link', { name: 'quiet a' })));
      expect(await screen.findByRole('heading', { name: 'project' })).toBeTruthy();
      expect(transitions).not.toHaveBeenCalled();
    } finally {
      delete (document as { startViewTransition?: unknown }).startViewTransition;
      vi.restoreAllMocks();
    }
  });
});
