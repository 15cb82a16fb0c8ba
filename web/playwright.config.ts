import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// The real stack: a CMS on a temporary seeded database and the site's production build
// (started by tests/e2e/global-setup.ts), driven in Debian's Chromium.
const webPort = Number(process.env.E2E_WEB_PORT ?? 3210);
export const CMS_PORT = Number(process.env.E2E_CMS_PORT ?? 1437);

// Debian's headless shell of the same Chromium (package chromium-headless-shell: its Blink and V8,
// as Playwright's own headless runs use) when it is installed: a test page costs about a third less
// CPU than in the whole browser (2.4 against 3.4 CPU-s per tab on the grid, decision 024), on a
// machine where the suite is bound by the CPU. `CHROME_PATH` chooses another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const launchOptions = {
  executablePath,
  // Text set as the whole browser sets it: the headless shell hints glyphs fully by default, which
  // rounds their advances (the wordmark 162.8 px wide at 360 px, against 153.3 in the browser).
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--font-render-hinting=none'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    browserName: 'chromium',
    launchOptions,
    locale: 'zh-CN',
    // No trace by default: recording one (screencast frames, a DOM snapshot per action) takes about
    // a third of the browser's CPU on a two-core machine, and a CI run keeps only what it prints.
    // To keep one for a failing test: `npx playwright test <file> --trace=retain-on-failure`.
    trace: 'off',
  },
  projects: [
    {
      name: 'web',
      testIgnore: /ops\//,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        launchOptions,
      },
      testIgnore: /ops\//,
      // What the server answers, and behaviour with nothing of a phone's own, is the same for both
      // layouts: tested once, in `web` (SERVER_ONLY and ONE_LAYOUT in tests/e2e/support.ts).
      grepInvert: /@server-only|@one-layout/,
    },
    {
      // The stack's behaviour as a service (publishing, outages, HTTP caching): after the layout
      // projects, since these tests change content and start servers of their own.
      name: 'ops',
      testMatch: /ops\/.*\.spec\.ts/,
      testIgnore: /ops\/(publish|studio|private-work|poisoned-cache|editing|locales)\.spec\.ts/,
      dependencies: ['web', 'phone'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      // Publishing changes the CMS's content (its studio too): alone, after everything that reads
      // it, one file at a time (two of them publish and unpublish the same projects, and views are
      // counted from whatever a browser opens). Emptying the page cache is publishing too: a test
      // that does it (poisoned-cache) would take the page another test just kept.
      name: 'publish',
      testMatch: /ops\/(publish|studio|private-work|poisoned-cache)\.spec\.ts/,
      dependencies: ['ops'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      // Drafts and preview (issue 16): they change content too, after publish.
      name: 'editing',
      testMatch: /ops\/editing\.spec\.ts/,
      dependencies: ['publish'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      // The studio's languages (issue 38): a third locale changes every page's header and links, and
      // the provider goes down and up: alone, last.
      name: 'locales',
      testMatch: /ops\/locales\.spec\.ts/,
      dependencies: ['editing'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
  ],
});
