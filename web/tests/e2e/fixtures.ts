import { test as base, expect } from '@playwright/test';

// The suite's `test` is Playwright's, with every page it drives watched for Content Security
// Policy violations. Chromium reports each on the console as an error naming the policy,
// from every document the page shows, rendered or cached. A test fails on any after its own steps
// unless it causes them on purpose (`test.use({ cspViolationsExpected: true })`). Every page any
// test opens is checked this way, in both layouts; pages opened in a context a test makes itself
// are not.
export * from '@playwright/test';

export const test = base.extend<{ cspViolationsExpected: boolean }>({
  cspViolationsExpected: [false, { option: true }],
  page: async ({ page, cspViolationsExpected }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    if (!cspViolationsExpected) expect(violations, 'Content Security Policy violations reported by the page').toEqual([]);
  },
});
