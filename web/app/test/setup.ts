import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw-server';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  window.sessionStorage.clear();
  // The files share one window (isolate: false in vitest.config.ts): what a test left in it by
  // hand, outside render(), goes with it: nodes, the root element's attributes, storage, the URL.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => {
  server.close();
  // Nor do a file's modules, mocked (vi.mock) or holding state of their own, outlive it.
  vi.resetModules();
});

// Stylesheets a component links by address (`?url`) have none in the unit tests, where CSS is not
// built: they get the one the build would give them.
vi.mock('~/components/result-page.css?url', () => ({ default: '/assets/result-page.css' }));
vi.mock('~/components/preview-marker.css?url', () => ({ default: '/assets/preview-marker.css' }));
// jsdom loads no stylesheet, and React holds what needs one until it has: the result pages' link is
// left out here (the end-to-end tests check that those pages are drawn with it).
vi.mock('~/components/result-page-styles', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/components/result-page-styles')>()),
  ResultPageStyles: () => null,
}));

// An unexpected console.error (a React warning, a failed prop type) fails the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

// jsdom has no media queries: a visitor who has not asked for reduced motion, on a wide screen.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
