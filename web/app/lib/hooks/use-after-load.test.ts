import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterLoad } from './use-after-load';

describe('useAfterLoad', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    // jsdom has no idle callback: a short timer after `load` stands in for it.
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is false until the page has loaded and a moment has passed, however long that takes', () => {
    const { result } = renderHook(() => useAfterLoad());
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(false);
    readyState = 'complete';
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
  });

  it('comes at once (after the moment) on a page that had loaded before it was asked', () => {
    readyState = 'complete';
    const { result } = renderHook(() => useAfterLoad());
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
  });
});
