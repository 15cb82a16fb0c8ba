import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferHydration, deferHydrationInHtml, deferModuleScript, HYDRATION_CAP_MS } from './deferred-hydration.server';

// The shape React Router 7's <Scripts> renders (taken from a built page, shortened).
const MODULE_SCRIPT = [
  ';',
  'import * as route0 from "/assets/root-C4H.js";',
  'import * as route1 from "/assets/daily-page-CAI.js";',
  '  window.__reactRouterManifest = {',
  '  "entry": { "module": "/assets/entry.client-Dc7.js", "imports": ["/assets/vendor-DFr.js"] }',
  '};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/daily-page":route1};',
  '',
  'import("/assets/entry.client-Dc7.js");',
].join('\n');
const PRELOADS = ['/assets/entry.client-Dc7.js', '/assets/vendor-DFr.js', '/assets/root-C4H.js', '/assets/daily-page-CAI.js'];
const DOCUMENT =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  PRELOADS.map((href) => `<link rel="modulepreload" href="${href}" nonce="abc"/>`).join('') +
  '<style nonce="abc">body{}</style></head><body><main><img src="/a.jpg" loading="eager"/></main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${MODULE_SCRIPT}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

type Listener = () => void;

/** A module script's text run against a stand-in browser whose events the test fires. */
function browser(script: string, { parsed = true, images = [] as Array<{ complete: boolean; loading: string; fetchPriority?: string }>, early = undefined as { started: boolean; onInput: null } | undefined } = {}) {
  const imported: string[] = [];
  const preloaded: string[] = [];
  const window: Record<string, unknown> = early ? { __studioEarly: early } : {};
  const listeners = new Map<string, Listener>();
  const timers = new Map<number, Listener>();
  let fontsArrived: Listener = () => {};
  const pictures = images.map((image) => ({
    ...image,
    addEventListener: (type: string, listener: Listener) => listeners.set(`${type}:${images.indexOf(image)}`, listener),
  }));
  const document = {
    readyState: parsed ? 'complete' : 'loading',
    images: pictures,
    fonts: { ready: new Promise<void>((resolve) => (fontsArrived = resolve)) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    createElement: () => ({}),
    head: { append: (link: { href: string }) => preloaded.push(link.href) },
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const done = new AsyncFunction('window', 'document', 'addEventListener', 'requestAnimationFrame', 'setTimeout', '__import', script.replaceAll('import(', '__import('))(
    window,
    document,
    (type: string, listener: Listener) => listeners.set(type, listener),
    (callback: Listener) => callback(),
    (callback: Listener, ms: number) => (ms === 0 ? callback() : timers.set(ms, callback)),
    (specifier: string) => {
      imported.push(specifier);
      return Promise.resolve({ module: specifier });
    },
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const fire = async (type: string) => {
    listeners.get(type)?.();
    await settle();
  };
  return { imported, preloaded, window, done, fire, settle, timers, fontsArrive: async () => (fontsArrived(), settle()) };
}

describe('deferred hydration', () => {
  it('takes the module preloads out of the document and starts them from the module script', () => {
    const html = deferHydrationInHtml(DOCUMENT);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<style nonce="abc">body{}</style>');
    expect(html).toContain('<script nonce="abc" type="module" async="">');
    expect(html).toContain('<main><img src="/a.jpg" loading="eager"/></main>');
    expect(html.endsWith('<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
  });

  it("keeps React Router's work: the same route modules for hydration, then the client entry", async () => {
    const script = deferModuleScript(MODULE_SCRIPT, PRELOADS);
    expect(script).not.toMatch(/^\s*import \* as/m);
    const { imported, preloaded, window, done, fontsArrive } = browser(script);
    await fontsArrive();
    await done;
    expect(preloaded).toEqual(PRELOADS);
    expect(imported).toEqual(['/assets/root-C4H.js', '/assets/daily-page-CAI.js', '/assets/entry.client-Dc7.js']);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { module: '/assets/root-C4H.js' },
      'routes/daily-page': { module: '/assets/daily-page-CAI.js' },
    });
  });

  it('imports nothing until the page is parsed and its first-screen pictures and fonts have arrived', async () => {
    const images = [
      { complete: false, loading: 'eager' },
      { complete: true, loading: 'eager' },
      { complete: false, loading: 'lazy' },
      { complete: false, loading: 'eager', fetchPriority: 'low' },
    ];
    const page = browser(deferModuleScript(MODULE_SCRIPT, PRELOADS), { parsed: false, images });
    await page.settle();
    await page.fire('DOMContentLoaded');
    expect(page.imported).toEqual([]);
    // Neither the lazy picture (index 2) nor the one asked for at low priority (3) is waited for.
    await page.fire('load:0');
    expect(page.imported).toEqual([]);
    expect(page.preloaded).toEqual([]);
    await page.fontsArrive();
    await page.done;
    expect(page.imported).toContain('/assets/entry.client-Dc7.js');
  });

  it(`starts anyway after ${HYDRATION_CAP_MS / 1000} s, or at once when the visitor presses a key or touches the page`, async () => {
    const stalled = browser(deferModuleScript(MODULE_SCRIPT, PRELOADS), { images: [{ complete: false, loading: 'eager' }] });
    await stalled.fontsArrive();
    await stalled.settle();
    expect(stalled.imported).toEqual([]);
    stalled.timers.get(HYDRATION_CAP_MS)?.();
    await stalled.done;
    expect(stalled.imported).toContain('/assets/entry.client-Dc7.js');

    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) {
      const touched = browser(deferModuleScript(MODULE_SCRIPT, PRELOADS), { parsed: false });
      await touched.fire(type);
      await touched.done;
      expect(touched.imported, type).toContain('/assets/entry.client-Dc7.js');
    }
  });

  it("starts at once on an input the page's recorder heard, before this script or after it ran", async () => {
    const before = browser(deferModuleScript(MODULE_SCRIPT, PRELOADS), { parsed: false, early: { started: true, onInput: null } });
    await before.done;
    expect(before.imported).toContain('/assets/entry.client-Dc7.js');

    const after = browser(deferModuleScript(MODULE_SCRIPT, PRELOADS), { parsed: false, early: { started: false, onInput: null } });
    await after.settle();
    expect(after.imported).toEqual([]);
    (after.window.__studioEarly as { onInput: () => void }).onInput();
    await after.done;
    expect(after.imported).toContain('/assets/entry.client-Dc7.js');
  });

  it('gives the same document however the stream is cut', async () => {
    const whole = deferHydrationInHtml(DOCUMENT);
    const bytes = Buffer.from(`${DOCUMENT}<script>$RC("B:1","S:1")</script>`);
    for (const size of [1, 7, 64, 1000]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const output: string[] = [];
      const stream = Readable.from(chunks).pipe(deferHydration());
      stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      await new Promise((resolve) => stream.on('end', resolve));
      expect(output.join('')).toBe(`${whole}<script>$RC("B:1","S:1")</script>`);
      // Streaming goes on after the module script: what follows is not held to the end.
      expect(output.length, `chunks of ${size}`).toBeGreaterThan(1);
    }
  });

  it('leaves documents without the module script as they are', async () => {
    const page = '<!DOCTYPE html><html><body><p>不是这里</p></body></html>';
    expect(deferHydrationInHtml(page)).toBe(page);
    expect(await text(Readable.from([Buffer.from(page)]).pipe(deferHydration()))).toBe(page);
  });
});
