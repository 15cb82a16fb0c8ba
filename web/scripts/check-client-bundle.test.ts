import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script without types
import { COMPILE_HINT, serverOnlyCodeIn, startsWithCompileHint, unscopedSelectors } from './check-client-bundle.mjs';

/** A module bundled and minified for the browser, as a leaked import would end up in a chunk. */
async function browserChunk(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve(import.meta.dirname, '..', entry)],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    external: ['node:*', 'better-sqlite3', 'redis'],
    loader: { '.css': 'empty', '.module.css': 'empty' },
    outdir: 'out', // not written
    logLevel: 'silent',
  });
  return result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
}

describe('the client bundle check', () => {
  it('finds zod and qs in a minified chunk that pulled in the content client', async () => {
    const found: string[] = serverOnlyCodeIn(await browserChunk('server/content/content-client.ts'));
    expect(found.join('\n')).toMatch(/^zod/m);
    expect(found.join('\n')).toMatch(/^qs/m);
    expect(found.join('\n')).toMatch(/^the content client/m);
  });

  it('finds the caches', async () => {
    expect((serverOnlyCodeIn(await browserChunk('server/content/content-store.ts')) as string[]).join('\n')).toMatch(/caches|Node built-ins/);
  });

  it('passes the browser code of a page', async () => {
    expect(serverOnlyCodeIn(await browserChunk('app/features/projects/components/project-grid.tsx'))).toEqual([]);
  });

  it('wants the compile hint as the first line of every chunk but the manifest', () => {
    expect(startsWithCompileHint('vendor-abc.js', `${COMPILE_HINT}\nimport{a}from"./b.js";`)).toBe(true);
    // Vite's map of a preloaded import() put before it: V8 no longer sees the hint.
    expect(startsWithCompileHint('app-abc.js', `const __vite__mapDeps=(i,m=__vite__mapDeps);\n${COMPILE_HINT}\n`)).toBe(false);
    expect(startsWithCompileHint('app-abc.js', 'import{a}from"./b.js";')).toBe(false);
    expect(startsWithCompileHint('manifest-0312c39c.js', 'window.__reactRouterManifest={};')).toBe(true);
  });

  it("finds a route stylesheet's rules that no CSS module class scopes, not those it scopes", () => {
    const scoped =
      '._detail_4wr8k_1{display:flex}[data-layout=phone] ._info_4wr8k_7{position:static}video._media_1t21y_1,._step_1r0q9_16:hover{color:red}' +
      '@media (min-width:40em){._title_4wr8k_24{font-size:24px}}@keyframes _in_4wr8k_1{0%{opacity:0}to{opacity:1}}/* p{} */';
    expect(unscopedSelectors(scoped)).toEqual([]);
    expect(unscopedSelectors(`${scoped}body{margin:0}._a_abcde_1 p,h1{font-size:2em}@media print{p{color:#000}}`)).toEqual(['body', 'h1', 'p']);
  });
});
