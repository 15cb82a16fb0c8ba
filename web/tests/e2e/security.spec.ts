import { createHash } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { english, languageToggle, ONE_LAYOUT, open, sitePages } from './support';

/** Every Content-Security-Policy violation the page reports, from the first byte on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('the Content Security Policy', () => {
  // Once, on the desktop: the policy is the server's, the same for both layouts, and every page a
  // phone test opens is watched for violations too (fixtures.ts).
  test('every page renders in both languages with no violation reported', ONE_LAYOUT, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await recordViolations(page);
    const paths = (await sitePages()).all;
    for (const language of ['zh', 'en']) {
      for (const path of paths) {
        // Twice: the first view is rendered and streamed, the second comes from the page cache.
        for (const view of ['rendered', 'cached']) {
          await open(page, language === 'en' ? english(path) : path);
          await expect(languageToggle(page)).toHaveText(language === 'en' ? 'EN' : 'CN');
          if (path === '/dailyPage/profile' && view === 'cached') {
            // The contact overlay loads its QR codes only when opened.
            await page.locator('[aria-controls="menu-drawer"]').click();
            await page.locator('#menu-drawer').getByRole('button', { name: 'CONTACT' }).click();
            const codes = page.getByRole('dialog', { name: 'CONTACT' }).getByRole('img');
            await expect(codes.first()).toBeVisible();
            await expect.poll(() => codes.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
          }
          expect(await violations(), `${language} ${path} ${view}`).toEqual([]);
        }
      }
    }
  });

  test.describe('an injected script', () => {
    test.use({ cspViolationsExpected: true });

    test('blocks a script injected into the page, inline or as an event handler', ONE_LAYOUT, async ({ page }) => {
      const violations = await recordViolations(page);
      await open(page, '/dailyPage/project');
      const ran = await page.evaluate(async () => {
        const flags = window as unknown as { injected?: boolean; handler?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="/no-such-image.png" onerror="window.handler = true">';
        document.body.append(holder);
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { injected: flags.injected === true, handler: flags.handler === true };
      });
      expect(ran).toEqual({ injected: false, handler: false });
      const reported = await violations();
      expect(reported.some((line) => line.startsWith('script-src-elem inline'))).toBe(true);
      expect(reported.some((line) => line.startsWith('script-src-attr inline'))).toBe(true);
    });
  });

  test('every inline script is allowed by its own response’s policy: a fresh nonce when rendered, its hash when cached', async ({ request }) => {
    const policies: string[] = [];
    for (const view of ['first view', 'second view']) {
      const response = await request.get('/dailyPage/article');
      const policy = response.headers()['content-security-policy'] ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
      expect(scriptSrc, view).not.toContain("'unsafe-inline'");
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes ?? ''));
      expect(inline.length, view).toBeGreaterThan(0);
      for (const [, attributes, content] of inline) {
        const nonce = /nonce="([^"]+)"/.exec(attributes ?? '')?.[1];
        const hash = `'sha256-${createHash('sha256').update(content ?? '').digest('base64')}'`;
        expect(scriptSrc.includes(`'nonce-${nonce}'`) || scriptSrc.includes(hash), `${view}: ${content?.slice(0, 60)}`).toBe(true);
      }
      policies.push(policy);
    }
    // Whatever the first view was, two views never share a nonce.
    const nonces = policies.map((policy) => /'nonce-([^']+)'/.exec(policy)?.[1]).filter(Boolean);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
