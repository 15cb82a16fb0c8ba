import fs from 'node:fs';
import path from 'node:path';

interface Entry {
  type: string;
  bytes: number;
  usedAt: number;
}

/**
 * The image endpoint's made variants on disk, at most `maxBytes` of them: past that the least
 * recently served go first (a variant is only ever a cache; it is made again when asked for).
 * Each variant is a file named by its key and a sidecar `<key>.type` with its content type.
 * What is on disk at start is counted, oldest first by modification time.
 */
export function createVariantStore(dir: string, { maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }) {
  fs.mkdirSync(dir, { recursive: true });
  const entries = new Map<string, Entry>();
  let total = 0;

  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.type')) continue;
    const key = name.slice(0, -'.type'.length);
    try {
      const stat = fs.statSync(path.join(dir, key));
      const type = fs.readFileSync(path.join(dir, name), 'utf8');
      entries.set(key, { type, bytes: stat.size, usedAt: stat.mtimeMs });
      total += stat.size;
    } catch {
      fs.rmSync(path.join(dir, name), { force: true }); // a sidecar without its picture
    }
  }
  // Oldest first: a Map iterates in insertion order, which `get` keeps as the order of use.
  const byAge = [...entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
  entries.clear();
  for (const [key, entry] of byAge) entries.set(key, entry);

  function evict(keep?: string) {
    for (const [key, entry] of entries) {
      if (total <= maxBytes) break;
      if (key === keep) continue;
      entries.delete(key);
      total -= entry.bytes;
      fs.rmSync(path.join(dir, key), { force: true });
      fs.rmSync(path.join(dir, `${key}.type`), { force: true });
    }
  }
  evict();

  return {
    /** The variant's file and content type, if it is on disk. */
    get(key: string): { file: string; type: string } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, { ...entry, usedAt: now() });
      return { file: path.join(dir, key), type: entry.type };
    },
    /** Keeps a made variant (written whole, then renamed into place), then trims to the cap. */
    async put(key: string, body: Buffer, type: string): Promise<{ file: string; type: string }> {
      const file = path.join(dir, key);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, body);
      await fs.promises.rename(temp, file);
      await fs.promises.writeFile(`${file}.type`, type);
      const previous = entries.get(key);
      if (previous) total -= previous.bytes;
      entries.delete(key);
      entries.set(key, { type, bytes: body.byteLength, usedAt: now() });
      total += body.byteLength;
      evict(key);
      return { file, type };
    },
    /** Bytes and variants on disk now. */
    usage: () => ({ bytes: total, variants: entries.size }),
  };
}

export type VariantStore = ReturnType<typeof createVariantStore>;
