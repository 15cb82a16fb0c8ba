import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeldAfterMove } from './use-held-after-move';

describe('useHeldAfterMove', () => {
  beforeEach(() => {
    // Fake timers stand in for frames too (requestAnimationFrame runs on the 16 ms clock).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.hydrated;
  });

  it('never holds what the document’s own page draws (its hydration, and the server)', () => {
    const { result } = renderHook(() => useHeldAfterMove(true));
    expect(result.current).toBe(false);
  });

  it('holds what a move draws until the frame after it has been drawn', () => {
    document.documentElement.dataset.hydrated = 'true';
    const { result } = renderHook(() => useHeldAfterMove(true));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersToNextFrame());
    // The frame has been drawn; its timeout has not run yet.
    expect(result.current).toBe(true);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(false);
  });

  it('holds nothing it is not asked to', () => {
    document.documentElement.dataset.hydrated = 'true';
    const { result } = renderHook(() => useHeldAfterMove(false));
    expect(result.current).toBe(false);
  });

  it('leaves nothing to run once its page is gone, before or after the frame', () => {
    document.documentElement.dataset.hydrated = 'true';
    const before = renderHook(() => useHeldAfterMove(true));
    expect(vi.getTimerCount()).toBe(1);
    before.unmount();
    expect(vi.getTimerCount()).toBe(0);
    const after = renderHook(() => useHeldAfterMove(true));
    act(() => vi.advanceTimersToNextFrame());
    expect(vi.getTimerCount()).toBe(1);
    after.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
