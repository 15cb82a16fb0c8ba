import { afterEach, expect, it, vi } from 'vitest';
import { RouterContextProvider, type EntryContext } from 'react-router';
import handleRequest, { streamTimeout } from './entry.server';

afterEach(() => {
  vi.useRealTimers();
});

it('a page whose render cannot start fails alone: no timer is left to take the server down later', async () => {
  vi.useFakeTimers();
  // No route matches to read the stylesheets of: the render throws before React has it.
  const broken = { staticHandlerContext: {}, manifest: { routes: {} } } as unknown as EntryContext;
  await expect(handleRequest(new Request('http://site/dailyPage/project'), 200, new Headers(), broken, new RouterContextProvider())).rejects.toThrow(TypeError);
  // The stream's timeout once fired here, 6 s later, calling an `abort` that never existed: an
  // uncaught error, and the safety net then ended the process with every request in it.
  expect(() => vi.advanceTimersByTime(streamTimeout * 2)).not.toThrow();
  expect(vi.getTimerCount()).toBe(0);
});
