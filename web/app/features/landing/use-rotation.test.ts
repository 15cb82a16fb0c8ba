import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextIndex, useRotation } from './use-rotation';

describe('background rotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 8 s and wraps around', () => {
    const { result } = renderHook(() => useRotation(3, 8000, false));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(7999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(16000));
    expect(result.current).toBe(0);
  });

  it('stands still while paused and resumes afterwards', () => {
    const { result, rerender } = renderHook(({ paused }) => useRotation(3, 8000, paused), { initialProps: { paused: true } });
    act(() => vi.advanceTimersByTime(30000));
    expect(result.current).toBe(0);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current).toBe(1);
  });

  it('does not rotate a single image', () => {
    const { result } = renderHook(() => useRotation(1, 8000, false));
    act(() => vi.advanceTimersByTime(20000));
    expect(result.current).toBe(0);
  });

  it('preloads the one after the current, wrapping at the end', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});
