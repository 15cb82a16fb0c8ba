// Fails the build when server-only code reaches the browser, a chunk lost its compile hint, or a route's own stylesheet has a
// rule no CSS module class scopes. Server-only: the zod schemas, qs, the content
// client and caches only run on the server (web/server/, and the loaders' app/**/*.server.ts), and nothing in a client chunk may
// carry their marks.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'build', 'client', 'assets');
// Strings that only exist in those modules' code (stable across their minified builds).
const SERVER_ONLY = [
  ['zod', /ZodError|\$ZodType|_zod\b/],
  ['qs', /RFC1738|arrayFormat|allowDots/],
  ['the content client', /ContentError|maxConnections|content load failed/],
  ['the content and page caches', /cachified|lru-cache|LRUCache|brotliCompress/],
  ['Node built-ins', /node:(fs|crypto|zlib|path|stream)/],
];

/**
 * V8's explicit compile hint, which vite.config.ts puts first in every chunk (decision 022): V8
 * reads it only as the script's first line, so a step of the build that puts code before it
 * (Vite's `__vite__mapDeps` for a preloaded `import()`) silently turns it off.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** Whether a chunk of the browser's build starts with the compile hint (React Router's manifest is written apart, without). */
/** React Router's manifest of the build, a chunk of its own. */
const MANIFEST = /^manifest-[\w-]+\.js$/;
export const startsWithCompileHint = (name, code) => MANIFEST.test(name) || code.startsWith(`${COMPILE_HINT}\n`);

/** What server-only code `code` carries, by name. */
export function serverOnlyCodeIn(code) {
  return SERVER_ONLY.filter(([, mark]) => mark.test(code)).map(([what, mark]) => `${what} (${mark})`);
}

/**
 * The selectors of a stylesheet that are not scoped by a CSS module's class (`._name_hash_line`).
 * A page's stylesheets are linked on the page a visitor moves from once fetched ahead (decision
 * 022, twenty-eighth pass): a route's own rule for `body` or `p` would restyle that page.
 */
export function unscopedSelectors(css) {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@(keyframes|font-face)[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  return [...rules.matchAll(/([^{}]+)\{[^{}]*\}/g)]
    .map((match) => match[1].trim())
    .filter((selector) => !selector.startsWith('@'))
    .flatMap((selector) => selector.split(','))
    .map((selector) => selector.trim())
    .filter((selector) => !/\._[\w-]+_[a-z0-9]{5}_\d+/.test(selector));
}

/** React Router's manifest of the build: each route's stylesheets, the root's apart. */
function routeStylesheets() {
  const name = fs.readdirSync(root).find((file) => MANIFEST.test(file));
  if (!name) return [];
  const code = fs.readFileSync(path.join(root, name), 'utf8');
  const manifest = JSON.parse(code.slice(code.indexOf('{'), code.lastIndexOf('}') + 1));
  const own = new Set(manifest.routes.root?.css ?? []);
  const hrefs = Object.values(manifest.routes).flatMap((route) => route.css ?? []);
  return [...new Set(hrefs.filter((href) => !own.has(href)).map((href) => href.replace(/#$/, '')))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  for (const name of fs.readdirSync(root).filter((file) => file.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(root, name), 'utf8');
    for (const found of serverOnlyCodeIn(code)) problems.push(`${name} contains ${found}`);
    if (!startsWithCompileHint(name, code)) problems.push(`${name} does not start with ${COMPILE_HINT} (vite.config.ts, postBanner)`);
  }
  for (const href of routeStylesheets()) {
    const unscoped = unscopedSelectors(fs.readFileSync(path.join(root, '..', href), 'utf8'));
    if (unscoped.length > 0) problems.push(`${href} (a route's stylesheet, linked ahead on other pages) has selectors no CSS module class scopes: ${unscoped.slice(0, 5).join(' ; ')}`);
  }
  if (problems.length > 0) {
    console.error(`The browser bundle:\n  ${problems.join('\n  ')}\nImport server-only code only from *.server.ts modules and loaders; a route's styles go in a CSS module.`);
    process.exit(1);
  }
  console.log("client bundle: no server-only code, every chunk with the compile hint, every route's own stylesheet scoped");
}
