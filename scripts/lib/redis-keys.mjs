// Removes the keys a test or bench run left in the machine's Redis under its own prefix.
import { createRequire } from 'node:module';
import path from 'node:path';
import { webDir } from './stack.mjs';

export async function deleteRedisPrefix(url, prefix) {
  const { createClient } = createRequire(path.join(webDir, 'package.json'))('redis');
  const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  } catch {
    // Redis away: nothing to tidy that we could reach.
  } finally {
    client.destroy();
  }
}
