import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeptPageContext } from '~/lib/navigation/kept-page';
import { useReturnedTo } from './use-returned-to';

function List() {
  const returned = useReturnedTo();
  return (
    <>
      <p data-testid="list">{returned ? 'returned' : 'arrived'}</p>
      <Link to="/project/a">open</Link>
      <Link to="/profile">profile</Link>
    </>
  );
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
      <Link to="/list">list</Link>
    </>
  );
}

const Stub = createRoutesStub([
  { path: '/list', Component: List },
  { path: '/project/:id', Component: Elsewhere },
  { path: '/profile', Component: Elsewhere },
]);

/** The list as the document brings it: rendered on the server, then hydrated. */
function arriveAtList() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Stub initialEntries={['/list']} />);
  document.body.append(container);
  return render(<Stub initialEntries={['/list']} />, { container, hydrate: true });
}

const state = () => screen.getByTestId('list').textContent;

describe('useReturnedTo: Back to a list is no arrival (issue 41)', () => {
  it('the page the document brought is an arrival, also once hydrated (React Router calls that load a POP)', async () => {
    arriveAtList();
    await act(async () => {});
    expect(state()).toBe('arrived');
  });

  it('Back to the list after a move is a return', async () => {
    arriveAtList();
    await act(async () => screen.getByRole('link', { name: 'open' }).click());
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    expect(state()).toBe('returned');
  });

  it('the page the document brought, kept hidden by the shell and shown again by Back, is returned to', async () => {
    // Its address (key) is the one the document had: only having been hidden tells the two apart.
    const page = (shownAgain: boolean) => (
      <KeptPageContext.Provider value={{ shownAgain }}>
        <Stub initialEntries={['/list']} />
      </KeptPageContext.Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(false));
    document.body.append(container);
    const { rerender } = render(page(false), { container, hydrate: true });
    await act(async () => {});
    expect(state()).toBe('arrived');
    rerender(page(true));
    expect(state()).toBe('returned');
  });

  it('a link to the list is an arrival, even after a Back', async () => {
    arriveAtList();
    await act(async () => screen.getByRole('link', { name: 'open' }).click());
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    await act(async () => screen.getByRole('link', { name: 'profile' }).click());
    await act(async () => screen.getByRole('link', { name: 'list' }).click());
    expect(state()).toBe('arrived');
  });
});
