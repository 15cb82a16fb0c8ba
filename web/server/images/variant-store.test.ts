import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createVariantStore } from './variant-store';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'variants-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const bytes = (n: number) => Buffer.alloc(n, 1);

describe('the image variants kept on disk', () => {
  it('stay under their cap, the least recently served going first', async () => {
    let time = 0;
    const dir = tempDir();
    const store = createVariantStore(dir, { maxBytes: 300, now: () => (time += 1) });
    await store.put('a', bytes(100), 'image/avif');
    await store.put('b', bytes(100), 'image/avif');
    await store.put('c', bytes(100), 'image/avif');
    expect(store.get('a')).toBeDefined(); // served again: now the most recent
    await store.put('d', bytes(100), 'image/webp');
    expect(store.get('b')).toBeUndefined();
    expect(store.usage()).toEqual({ bytes: 300, variants: 3 });
    expect(fs.readdirSync(dir).sort()).toEqual(['a', 'a.type', 'c', 'c.type', 'd', 'd.type']);
  });

  it('count what is on disk after a restart, and trim it to a smaller cap', async () => {
    const dir = tempDir();
    const first = createVariantStore(dir, { maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) await first.put(key, bytes(200), 'image/avif');
    fs.utimesSync(path.join(dir, 'a'), new Date(1_000), new Date(1_000)); // the oldest
    const again = createVariantStore(dir, { maxBytes: 400 });
    expect(again.usage()).toEqual({ bytes: 400, variants: 2 });
    expect(again.get('a')).toBeUndefined();
    expect(again.get('b')).toEqual({ file: path.join(dir, 'b'), type: 'image/avif' });
  });
});
