import { describe, expect, it } from 'vitest';
import { listFromState, neighbours } from './pager';

describe('previous and next', () => {
  const list = ['a', 'b', 'c'];

  it('are both there in the middle', () => {
    expect(neighbours(list, 'b')).toEqual({ index: 1, previous: 'a', next: 'c' });
  });

  it('has no previous at the first item and no next at the last', () => {
    expect(neighbours(list, 'a')).toEqual({ index: 0, previous: null, next: 'b' });
    expect(neighbours(list, 'c')).toEqual({ index: 2, previous: 'b', next: null });
  });

  it('has neither for an item outside the list or a one-item list', () => {
    expect(neighbours(list, 'x')).toEqual({ index: -1, previous: null, next: null });
    expect(neighbours(['only'], 'only')).toEqual({ index: 0, previous: null, next: null });
  });

  it('accepts only a list of ids from navigation state', () => {
    expect(listFromState({ list: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(listFromState({ list: [1, 2] })).toBeNull();
    expect(listFromState(null)).toBeNull();
    expect(listFromState('a')).toBeNull();
  });
});
