// Fails the build when server-only code reaches the browser: the zod schemas, qs, the content
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

/** What server-only code `code` carries, by name. */
export function serverOnlyCodeIn(code) {
  return SERVER_ONLY.filter(([, mark]) => mark.test(code)).map(([what, mark]) => `${what} (${mark})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [];
  for (const name of fs.readdirSync(root).filter((file) => file.endsWith('.js'))) {
    for (const found of serverOnlyCodeIn(fs.readFileSync(path.join(root, name), 'utf8'))) problems.push(`${name} contains ${found}`);
  }
  if (problems.length > 0) {
    console.error(`Server-only code in the browser bundle:\n  ${problems.join('\n  ')}\nImport it only from *.server.ts modules and loaders.`);
    process.exit(1);
  }
  console.log('client bundle: no server-only code');
}
