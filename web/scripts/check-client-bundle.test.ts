import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script without types
import { serverOnlyCodeIn } from './check-client-bundle.mjs';

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
});
