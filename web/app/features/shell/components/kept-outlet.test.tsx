import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useReturnedTo } from '~/lib/hooks/use-returned-to';
import { KEEP_PAGE, useKeptPage } from '~/lib/navigation/kept-page';
import { KeptOutlet } from './kept-outlet';

let mounts = 0;

/** The grid's stand-in: reads its loader data (gone from the router once another page is open). */
function List() {
  const { names } = useLoaderData<{ names: string[] }>();
  useState(() => (mounts += 1));
  const returned = useReturnedTo();
  const { shownAgain } = useKeptPage();
  return (
    <main data-testid="list" data-returned={returned} data-shown-again={shownAgain}>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <Link to={`/dailyPage/project/${name}`}>{name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

function Detail() {
  const { name } = useLoaderData<{ name: string }>();
  return (
    <main>
      <h1>{name}</h1>
      <Link to="/dailyPage/profile">profile</Link>
      <Link to="/dailyPage/project">all projects</Link>
    </main>
  );
}

function setUp() {
  mounts = 0;
  const router = createMemoryRouter(
    [
      {
        path: '/dailyPage',
        Component: KeptOutlet,
        children: [
          { path: 'project', Component: List, handle: KEEP_PAGE, loader: () => ({ names: ['一', '二', '三'] }) },
          { path: 'project/:id', Component: Detail, loader: ({ params }) => ({ name: params.id }) },
          { path: 'profile', Component: () => <main>简介</main> },
        ],
      },
    ],
    { initialEntries: ['/dailyPage/project'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const listNode = () => screen.getByTestId('list');

describe('the shell keeps the project grid while another of its pages is open (issue 41)', () => {
  it('hides the grid, without its data, and Back shows the same elements again: nothing is built anew', async () => {
    const router = setUp();
    const list = await screen.findByTestId('list');
    const tile = screen.getByRole('link', { name: '二' });
    await act(async () => tile.click());
    expect(await screen.findByRole('heading', { name: '二' })).toBeTruthy();
    // Still in the document, hidden (display: none), though the router no longer has its data.
    expect(list.isConnected).toBe(true);
    expect(list.style.display).toBe('none');
    expect(router.state.loaderData['0-0']).toBeUndefined();
    await act(async () => router.navigate(-1));
    expect(listNode()).toBe(list);
    expect(screen.getByRole('link', { name: '二' })).toBe(tile);
    expect(list.style.display).not.toBe('none');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(mounts).toBe(1);
  });

  it('tells the grid it is shown again once it has been hidden: Back to the page the document brought is then a return', async () => {
    const router = setUp();
    await screen.findByTestId('list');
    expect(listNode().dataset.shownAgain).toBe('false');
    await act(async () => screen.getByRole('link', { name: '一' }).click());
    await act(async () => router.navigate(-1));
    // Same key as when the document brought it: only being shown again tells the return apart
    // (use-returned-to.test.tsx holds the hook to it, hydrated).
    expect(listNode().dataset.shownAgain).toBe('true');
  });

  it('a grid shown again by Back is returned to; by a link, arrived at', async () => {
    const router = setUp();
    await screen.findByTestId('list');
    await act(async () => screen.getByRole('link', { name: '一' }).click());
    await act(async () => router.navigate(-1));
    expect(listNode().dataset.returned).toBe('true');
    await act(async () => screen.getByRole('link', { name: '三' }).click());
    await act(async () => screen.getByRole('link', { name: 'all projects' }).click());
    expect(listNode().dataset.returned).toBe('false');
  });

  it('stays hidden across moves between other pages of the shell', async () => {
    setUp();
    const list = await screen.findByTestId('list');
    await act(async () => screen.getByRole('link', { name: '一' }).click());
    await act(async () => screen.getByRole('link', { name: 'profile' }).click());
    expect(await screen.findByText('简介')).toBeTruthy();
    expect(listNode()).toBe(list);
    expect(list.style.display).toBe('none');
  });
});
