// Fails the build when server-only code reaches the browser, or a chunk lost its compile hint: the zod schemas, qs, the content
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
export const startsWithCompileHint = (name, code) => /^manifest-[\w-]+\.js$/.test(name) || code.startsWith(`${COMPILE_HINT}\n`);

/** What server-only code `code` carries, by name. */
export function serverOnlyCodeIn(code) {
  return SERVER_ONLY.filter(([, mark]) => mark.test(code)).map(([what, mark]) => `${what} (${mark})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  for (const name of fs.readdirSync(root).filter((file) => file.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(root, name), 'utf8');
    for (const found of serverOnlyCodeIn(code)) problems.push(`${name} contains ${found}`);
    if (!startsWithCompileHint(name, code)) problems.push(`${name} does not start with ${COMPILE_HINT} (vite.config.ts, postBanner)`);
  }
  if (problems.length > 0) {
    console.error(`The browser bundle:\n  ${problems.join('\n  ')}\nImport server-only code only from *.server.ts modules and loaders.`);
    process.exit(1);
  }
  console.log('client bundle: no server-only code, every chunk with the compile hint');
}
