import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { compactScript } from './compact-script';

/**
 * The page first, then its scripts (issue 11). React Router's `<Scripts>` asks the browser to fetch
 * every module of the page at once (`<link rel="modulepreload">`) and to run them as soon as they
 * arrive. On a phone on a mobile network those ~105 KB compete with the first screen's pictures and
 * fonts, and hydrating before the first paint holds that paint back. The server-rendered page is
 * complete without them: its links are links, its pictures are in place.
 *
 * This rewrites the two parts of the document that start the scripts:
 * - the `modulepreload` links go;
 * - the module script's static imports become dynamic ones that start once the document is
 *   parsed, the first screen's pictures (the eager `<img>`s, but those at `fetchpriority=low`: a
 *   decorative mark, a picture behind the one the screen waits for) and the fonts it uses have
 *   arrived, and a frame has been painted, or after {@link HYDRATION_CAP_MS} at the latest, or at
 *   once on the visitor's first input of any kind (a key, a touch, a click, a wheel, a scroll: the gesture
 *   itself is replayed once the page is alive, app/lib/document/early-input.ts). The same modules are then
 *   preloaded together, without a waterfall.
 *
 * Everything else the module script does (the route manifest, the route modules for hydration,
 * importing the client entry) is React Router's, in React Router's order. Its unit test runs the
 * rewritten script (React Router's shape) against a stand-in browser; the end-to-end suite checks
 * the real pages. A document without the module script is left as it is (nothing to defer).
 */
export const HYDRATION_CAP_MS = 3000;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
/** `import * as route0 from "…";` and `import "…";` (not `import("…")`, which stays). */
const STATIC_IMPORT = /\bimport (?:\* as (\w+) from )?("[^"]+");?/g;

/**
 * Waits (in the browser) until the first screen is painted; the text is part of the module script.
 * The fonts are asked after a frame, once the first layout has requested the ones the page uses.
 */
const WHEN_PAINTED = compactScript(`await new Promise((go) => {
  let started = false;
  const start = () => { if (!started) { started = true; requestAnimationFrame(() => setTimeout(go, 0)); } };
  setTimeout(start, ${HYDRATION_CAP_MS});
  // The visitor's first input of any kind, heard by the recorder at the top of the document
  // (app/lib/document/early-input.ts), even before this script ran; and these, where it is missing.
  const early = window.__studioEarly;
  if (early && early.started) start(); else if (early) early.onInput = start;
  for (const type of ['keydown', 'pointerdown', 'wheel', 'touchstart']) addEventListener(type, start, { once: true, capture: true, passive: true });
  const firstScreen = async () => {
    // The pictures the first screen waits for: not a lazy one, nor one asked for behind them (low).
    const pending = Array.from(document.images).filter((image) => !image.complete && image.loading !== 'lazy' && image.fetchPriority !== 'low');
    await Promise.all(pending.map((image) => new Promise((arrived) => {
      image.addEventListener('load', arrived, { once: true });
      image.addEventListener('error', arrived, { once: true });
    })));
    await new Promise((painted) => requestAnimationFrame(painted));
    if (document.fonts) await document.fonts.ready;
    start();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', firstScreen, { once: true }); else firstScreen();
});`);

/**
 * The module script's text with its static imports made dynamic, after the wait. Static imports are
 * hoisted (they run before the rest of the script), so their dynamic form goes first too.
 */
export function deferModuleScript(script: string, preloads: readonly string[]): string {
  const bindings: string[] = [];
  const specifiers: string[] = [];
  const rest = script.replace(STATIC_IMPORT, (_statement, binding: string | undefined, specifier: string) => {
    bindings.push(binding ?? '');
    specifiers.push(specifier);
    return '';
  });
  const preload = `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }`;
  const imports =
    specifiers.length > 0 ? `const [${bindings.join(', ')}] = await Promise.all([${specifiers.map((specifier) => `import(${specifier})`).join(', ')}]);` : '';
  return [WHEN_PAINTED, preload, imports, rest].join('\n');
}

/** The rewrite over a whole document head-to-module-script (see the module comment). */
export function deferHydrationInHtml(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  return script ? rewriteAround(html, script) : html;
}

/** `html` with the module script `script` (found in it) deferred and the preloads before it gone. */
function rewriteAround(html: string, script: RegExpExecArray): string {
  const preloads: string[] = [];
  const withoutPreloads = html.slice(0, script.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href.replaceAll('&amp;', '&'));
    return '';
  });
  const [, open, body, close] = script;
  return withoutPreloads + open + deferModuleScript(body!, preloads) + close + html.slice(script.index + script[0].length);
}

/**
 * The document stream with the rewrite applied: the shell is held only until the module script has
 * passed (React writes the whole shell at once), everything after it streams through untouched.
 */
export function deferHydration(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let passing = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (passing) return callback(null, text);
      held += text;
      // The module script can only have ended where this chunk (or the tag it completes) closes a script.
      const closes = held.includes('</script>', Math.max(0, held.length - text.length - '</script>'.length));
      const script = closes ? MODULE_SCRIPT.exec(held) : null;
      if (!script) return callback();
      passing = true;
      const output = rewriteAround(held, script);
      held = '';
      callback(null, output);
    },
    flush(callback) {
      const rest = held + decoder.end();
      held = '';
      callback(null, passing ? rest : deferHydrationInHtml(rest));
    },
  });
}
