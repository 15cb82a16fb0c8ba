import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider, UNSAFE_withComponentProps as withComponentProps, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePage } from './route-page';

const renders = { shell: 0, page: 0 };
/** Notes a render of `who` (called while rendering). */
const rendered = (who: keyof typeof renders) => (renders[who] += 1);

/** The shell's stand-in: its own data, an outlet; what framework mode hands it as props. */
function Shell({ loaderData }: { loaderData: { studio: string } }) {
  rendered('shell');
  return (
    <div>
      <header>{loaderData.studio}</header>
      <Outlet />
    </div>
  );
}

function Page({ loaderData }: { loaderData: { name: string } }) {
  rendered('page');
  return (
    <main>
      <h1>{loaderData.name}</h1>
      <Link to="/shell/b">b</Link>
      <Link to="/shell/a">a</Link>
    </main>
  );
}

/** Reads the router's location itself: renders with each move although its props do not change. */
function WhereAmI() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function ShellWithLocation({ loaderData }: { loaderData: { studio: string } }) {
  return (
    <div>
      <header>{loaderData.studio}</header>
      <WhereAmI />
      <Outlet />
    </div>
  );
}

function setUp(shell: Parameters<typeof withComponentProps>[0]) {
  renders.shell = renders.page = 0;
  const router = createMemoryRouter(
    [
      {
        path: '/shell',
        // As React Router's framework mode builds a route: the module's component given its props.
        Component: withComponentProps(shell),
        loader: () => ({ studio: '工作室' }),
        shouldRevalidate: () => false,
        children: [{ path: ':id', Component: withComponentProps(routePage(Page)), loader: ({ params }) => ({ name: `page ${params.id}` }) }],
      },
    ],
    { initialEntries: ['/shell/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a route page renders again only when its own data changes (issue 41)', () => {
  it('the shell is not rendered again by a move between its pages; the page moved to is', async () => {
    setUp(routePage(Shell));
    expect(await screen.findByRole('heading', { name: 'page a' })).toBeTruthy();
    const before = { ...renders };
    await act(async () => screen.getByRole('link', { name: 'b' }).click());
    expect(await screen.findByRole('heading', { name: 'page b' })).toBeTruthy();
    expect(renders.shell - before.shell).toBe(0);
    expect(renders.page - before.page).toBe(1);
  });

  it('without it, the shell rendered with every step of the move', async () => {
    setUp(Shell);
    expect(await screen.findByRole('heading', { name: 'page a' })).toBeTruthy();
    const before = renders.shell;
    await act(async () => screen.getByRole('link', { name: 'b' }).click());
    expect(await screen.findByRole('heading', { name: 'page b' })).toBeTruthy();
    expect(renders.shell - before).toBeGreaterThanOrEqual(2);
  });

  it('what a page reads of the router itself still follows each move', async () => {
    setUp(routePage(ShellWithLocation));
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/shell/a');
    await act(async () => screen.getByRole('link', { name: 'b' }).click());
    expect(await screen.findByRole('heading', { name: 'page b' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/shell/b');
  });
});
