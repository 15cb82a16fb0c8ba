import { describe, expect, it } from 'vitest';
import { initialShellState, shellReducer, type ShellState } from './shell-state';

const run = (...actions: Parameters<typeof shellReducer>[1][]): ShellState =>
  actions.reduce(shellReducer, initialShellState);

describe('shell panels', () => {
  it('start closed', () => {
    expect(initialShellState.open).toBeNull();
  });

  it('open one at a time: opening one closes the other', () => {
    expect(run({ type: 'toggle', panel: 'menu' }).open).toBe('menu');
    expect(run({ type: 'toggle', panel: 'menu' }, { type: 'toggle', panel: 'categories' }).open).toBe('categories');
    expect(run({ type: 'toggle', panel: 'categories' }, { type: 'open', panel: 'contact' }).open).toBe('contact');
  });

  it('toggle the open panel closed', () => {
    expect(run({ type: 'toggle', panel: 'menu' }, { type: 'toggle', panel: 'menu' }).open).toBeNull();
  });

  it('close everything when a menu item is chosen', () => {
    expect(run({ type: 'open', panel: 'contact' }, { type: 'chooseMenu' }).open).toBeNull();
    expect(run({ type: 'toggle', panel: 'menu' }, { type: 'close' }).open).toBeNull();
  });
});
