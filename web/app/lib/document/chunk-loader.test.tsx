import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chunkLoader, drawnWhenLoaded } from './chunk-loader';

/** A chunk whose fetches fail while `offline` is set; counts them. */
function chunk() {
  const state = { offline: true, fetches: 0 };
  const Panel = ({ name }: { name: string }) => <p>{`details of ${name}`}</p>;
  const load = chunkLoader(async () => {
    state.fetches += 1;
    if (state.offline) throw new TypeError('Failed to fetch dynamically imported module');
    return { Panel };
  });
  return { state, load, Drawn: drawnWhenLoaded(load, (module) => module.Panel) };
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('drawnWhenLoaded', () => {
  it('draws nothing while the chunk cannot be had, then draws in place when a later intent brings it', async () => {
    const { state, load, Drawn } = chunk();
    render(<Drawn name="studio" />);
    await settle();
    expect(state.fetches).toBe(1);
    expect(screen.queryByText('details of studio')).toBeNull();
    // The network is back; the next opening of the menu asks again (React.lazy kept the failure).
    state.offline = false;
    await act(async () => void (await load()));
    expect(screen.getByText('details of studio')).toBeTruthy();
    expect(state.fetches).toBe(2);
  });

  it('asks again when drawn anew after a failure, and once only when it has come', async () => {
    const { state, Drawn } = chunk();
    const first = render(<Drawn name="a" />);
    await settle();
    first.unmount();
    state.offline = false;
    const second = render(<Drawn name="b" />);
    await settle();
    expect(screen.getByText('details of b')).toBeTruthy();
    second.unmount();
    render(<Drawn name="c" />);
    // Drawn at once from the module it has, with no fetch and no empty frame.
    expect(screen.getByText('details of c')).toBeTruthy();
    expect(state.fetches).toBe(2);
  });

  it('fetches once however many ask at the same time', async () => {
    const { state, load } = chunk();
    state.offline = false;
    await Promise.all([load(), load(), load()]);
    expect(state.fetches).toBe(1);
    expect(load.loaded()).not.toBeNull();
  });
});
