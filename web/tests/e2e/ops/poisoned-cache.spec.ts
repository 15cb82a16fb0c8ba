import { expect, test } from '../fixtures';
import { rawGet as get } from '../../support/raw-http';

// Issue 36: what one request carries never reaches a page or cache another visitor gets. Each test
// empties the site's page cache so the attack is the one that fills it: in the `publish` project
// (alone, one at a time), since a purge under another test's feet takes away the page it kept.

/** Everything cached is dropped (the CMS's publish webhook without a model), so the next view fills it. */
const purgeAll = async (baseURL: string) => {
  const response = await fetch(`${baseURL}/_webhooks/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.E2E_WEBHOOK_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'media.update' }),
  });
  expect(response.status).toBe(200);
};

test.describe('nothing a request carries lands in a page another visitor gets', () => {
  for (const [attack, later] of [
    ['/en//evil.example/x', '/en/anything-else'],
    ['//evil.example/x', '/anything-else'],
    ['/en/%2F%2Fevil.example/x', '/en/another-address'],
    ['/\\evil.example/x', '/yet-another'],
    ['/en/filled-by-evil.example', '/en/someone-else'],
  ] as const) {
    test(`the 404 page filled by ${attack} shows no trace of it at ${later}`, async ({ baseURL }) => {
      await purgeAll(baseURL!);
      const first = await get(baseURL!, attack);
      expect(first.status).toBe(404);
      expect(first.text).not.toMatch(/href="(\/\/|\\|\/\\)/);
      const second = await get(baseURL!, later);
      expect(second.status).toBe(404);
      expect(second.text).toMatch(/cache-control: public/i);
      expect(second.text).not.toContain('evil.example');
      // Its language toggle leads to the other language's home, whatever address filled the cache.
      expect(second.text).toMatch(later.startsWith('/en/') ? /data-language="en" href="\/"/ : /data-language="zh-Hans" href="\/en"/);
    });
  }
});
