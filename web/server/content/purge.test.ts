import { describe, expect, it } from 'vitest';
import type { ContentStore } from './content-store';
import { createPageCache } from '../pages/page-cache';
import { createPurge } from './purge';

const page = { status: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body: new TextEncoder().encode('<p>x</p>') as Uint8Array<ArrayBuffer> };
const KEYS = ['web /dailyPage/project', 'web /en/dailyPage/project', 'phone /en', 'web /en.data', 'web /english', 'phone /en/404'];

async function site() {
  const pages = createPageCache({ ttlMs: 60_000 });
  for (const key of KEYS) await pages.store(key, page);
  const store = { purge: () => 0 } as unknown as ContentStore;
  return { pages, purge: createPurge({ store, pages, redis: null }) };
}
const kept = (pages: ReturnType<typeof createPageCache>) => KEYS.filter((key) => pages.get(key));

describe('a purge', () => {
  it('drops every page for a change to the content', async () => {
    const { pages, purge } = await site();
    expect((await purge.purge('project')).pages).toBe(KEYS.length);
    expect(kept(pages)).toEqual([]);
  });

  it('drops every answer and page when the studio adds or removes a locale (issue 38)', async () => {
    let purgedAnswers: ((key: string) => boolean) | undefined | 'none' = 'none';
    const pages = createPageCache({ ttlMs: 60_000 });
    for (const key of KEYS) await pages.store(key, page);
    const store = { purge: (which?: (key: string) => boolean) => ((purgedAnswers = which), 0) } as unknown as ContentStore;
    await createPurge({ store, pages, redis: null }).purge('locale');
    expect(purgedAnswers).toBeUndefined(); // no filter: every cached answer
    expect(kept(pages)).toEqual([]);
  });

  it('keeps every page when a share link changes, and tells the share links and the private files to ask again (issue 39)', async () => {
    const pages = createPageCache({ ttlMs: 60_000 });
    for (const key of KEYS) await pages.store(key, page);
    const heard: Array<string | undefined> = [];
    const store = { purge: () => 0 } as unknown as ContentStore;
    const purge = createPurge({ store, pages, redis: null, also: [(model) => heard.push(model)] });
    expect((await purge.purge('share-link')).pages).toBe(0);
    expect(kept(pages)).toEqual(KEYS);
    await purge.purge('project');
    expect(heard).toEqual(['share-link', 'project']);
    expect(kept(pages)).toEqual([]);
  });
});
