// The calls as the features make them, against a fake CMS (MSW), with the app's server-side test setup.
import '~/test/setup-server';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getProject } from '~/features/projects/api/get-project.server';
import { getProjects, projectsQuery } from '~/features/projects/api/get-projects.server';
import { getCategories } from '~/features/shell/api/get-categories.server';
import { server } from '~/test/msw-server';
import { CMS, categoriesBody, projectRow } from '~/test/strapi-fixtures';
import type { ContentConfig } from '~/lib/content/content-api';
import { ContentError } from '~/lib/content/content-api';
import { CONTENT_DEFAULTS, contentUrl, createContentClient } from './content-client';

const client = (overrides: Partial<ContentConfig> = {}) =>
  createContentClient({ ...CONTENT_DEFAULTS, baseUrl: CMS, retryDelayMs: 1, ...overrides });

describe('content client', () => {
  it('builds the spec section 7 project query, with the category filter only when not ALL', () => {
    const plain = decodeURIComponent(contentUrl('', '/api/projects', projectsQuery('ALL')));
    expect(plain).toBe(
      '/api/projects?populate[images][fields][0]=url&populate[images][fields][1]=ext&populate[images][fields][2]=mime&populate[images][fields][3]=name' +
        '&populate[images][fields][4]=width&populate[images][fields][5]=height&populate[images][fields][6]=alternativeText' +
        '&populate[images][fields][7]=formats&populate[images][fields][8]=placeholder&populate[images][fields][9]=focalPoint' +
        '&fields[0]=projectName&fields[1]=author&fields[2]=flextype&sort[0]=projectName:asc',
    );
    const filtered = decodeURIComponent(contentUrl('', '/api/projects', projectsQuery('品牌设计')));
    expect(filtered).toBe(`${plain}&filters[category][designType][$eq]=品牌设计`);
  });

  it('unwraps data into domain projects with site-relative media, videos recognised by .mp4', async () => {
    server.use(http.get(`${CMS}/api/projects`, () => HttpResponse.json({ data: [projectRow(3)], meta: {} })));
    const [project] = await getProjects('ALL', { client: client() });
    expect(project).toMatchObject({ documentId: 'project-3', name: '项目 3', author: '作者 3', tall: true });
    // the first picture that is not a video; its widths come from the image endpoint, not Strapi's formats
    expect(project?.cover).toMatchObject({ kind: 'image', url: '/uploads/p3-cover.jpg', formats: [] });
  });

  it('sends the category filter the visitor chose', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${CMS}/api/projects`, ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('filters[category][designType][$eq]') ?? 'none');
        return HttpResponse.json({ data: [] });
      }),
    );
    await getProjects('ALL', { client: client() });
    await getProjects('空间设计', { client: client() });
    expect(seen).toEqual(['none', '空间设计']);
  });

  it('retries a call marked "retried" 3 more times, 1000 ms apart by default', async () => {
    expect(CONTENT_DEFAULTS).toMatchObject({ retries: 3, retryDelayMs: 1000, timeoutMs: 300_000 });
    let calls = 0;
    server.use(
      http.get(`${CMS}/api/categories`, () => {
        calls += 1;
        return calls < 4 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json(categoriesBody);
      }),
    );
    const categories = await getCategories({ client: client() });
    expect(calls).toBe(4);
    expect(categories.map((category) => category.designType)).toEqual(['ALL', '品牌设计', '空间设计']);
  });

  it('gives up after the retries and does not retry calls that are not marked', async () => {
    let categoryCalls = 0;
    let projectCalls = 0;
    server.use(
      http.get(`${CMS}/api/categories`, () => {
        categoryCalls += 1;
        return HttpResponse.error();
      }),
      http.get(`${CMS}/api/projects`, () => {
        projectCalls += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    await expect(getCategories({ client: client() })).rejects.toThrow(/GET \/api\/categories: unreachable/);
    expect(categoryCalls).toBe(4);
    await expect(getProjects('ALL', { client: client() })).rejects.toThrow(/answered 500/);
    expect(projectCalls).toBe(1);
  });

  it('reports an unknown id as not found, without retrying', async () => {
    server.use(http.get(`${CMS}/api/projects/:id`, () => HttpResponse.json({ data: null }, { status: 404 })));
    const error = await getProject('missing', { client: client() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).notFound).toBe(true);
  });

  it('times out a call that takes longer than the configured timeout', async () => {
    server.use(
      http.get(`${CMS}/api/projects`, async () => {
        await delay(200);
        return HttpResponse.json({ data: [] });
      }),
    );
    await expect(getProjects('ALL', { client: client({ timeoutMs: 20 }) })).rejects.toThrow(/timed out after 20 ms/);
  });

  it('rejects a response that does not match the schema, naming the call', async () => {
    server.use(http.get(`${CMS}/api/projects`, () => HttpResponse.json({ data: [{ documentId: 7 }] })));
    await expect(getProjects('ALL', { client: client() })).rejects.toThrow(/GET \/api\/projects: unexpected response/);
  });

  it('does not call the CMS at all for a visitor who already left', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const controller = new AbortController();
    controller.abort();
    const aborting = createContentClient({ ...CONTENT_DEFAULTS, baseUrl: CMS, retryDelayMs: 1 }, fetchSpy);
    await expect(
      aborting.get({ call: 'GET /x', path: '/x', schema: z.unknown(), retried: true, signal: controller.signal }),
    ).rejects.toMatchObject({ abandoned: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stops a call, and its retries, when the visitor abandons the page', async () => {
    let calls = 0;
    server.use(
      http.get(`${CMS}/api/categories`, async () => {
        calls += 1;
        await delay('infinite');
        return HttpResponse.json(categoriesBody);
      }),
    );
    const visitor = new AbortController();
    const pending = getCategories({ client: client({ retryDelayMs: 50 }), signal: visitor.signal });
    await vi.waitFor(() => expect(calls).toBe(1));
    visitor.abort();
    await expect(pending).rejects.toThrow(/abandoned by the visitor/);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toBe(1);
  });

  it('keeps at most maxConnections calls open to a hung CMS; the others wait their turn', async () => {
    let open = 0;
    let most = 0;
    const release: Array<() => void> = [];
    server.use(
      http.get(`${CMS}/api/projects`, async () => {
        open += 1;
        most = Math.max(most, open);
        await new Promise<void>((resolve) => release.push(resolve));
        open -= 1;
        return HttpResponse.json({ data: [] });
      }),
    );
    const limited = client({ maxConnections: 2 });
    const visitors = Array.from({ length: 6 }, () => new AbortController());
    const loads = visitors.map((visitor) => getProjects('ALL', { client: limited, signal: visitor.signal }).catch((error: unknown) => error));
    await vi.waitFor(() => expect(open).toBe(2));
    expect(limited.connections()).toEqual({ running: 2, waiting: 4 });
    // Visitors who give up while waiting leave the queue without ever reaching the CMS.
    visitors[5]!.abort();
    visitors[4]!.abort();
    expect(limited.connections().waiting).toBe(2);
    while (release.length > 0 || open > 0) {
      release.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const results = await Promise.all(loads);
    expect(results.filter(Array.isArray)).toHaveLength(4);
    expect(most).toBe(2);
  });

  it('tells how each call to the CMS ended, and how long it took (the metrics)', async () => {
    server.use(
      http.get(`${CMS}/api/projects`, () => HttpResponse.json({ data: [] })),
      http.get(`${CMS}/api/projects/:id`, () => HttpResponse.json({ data: null }, { status: 404 })),
      http.get(`${CMS}/api/categories`, () => new HttpResponse(null, { status: 503 })),
      http.get(`${CMS}/api/contact-mess`, async () => {
        await delay(200);
        return HttpResponse.json({ data: null });
      }),
    );
    const seen: Array<{ call: string; outcome: string; seconds: number }> = [];
    const observed = (overrides: Partial<ContentConfig> = {}) =>
      createContentClient({ ...CONTENT_DEFAULTS, baseUrl: CMS, retryDelayMs: 1, ...overrides }, fetch, undefined, { onCall: (call) => seen.push(call) });
    await getProjects('ALL', { client: observed() });
    await getProject('missing', { client: observed() }).catch(() => null);
    await getCategories({ client: observed() }).catch(() => null);
    await observed({ timeoutMs: 20 }).get({ call: 'GET /api/contact-mess', path: '/api/contact-mess', schema: z.null() }).catch(() => null);
    expect(seen.map(({ call, outcome }) => `${call} ${outcome}`)).toEqual([
      'GET /api/projects ok',
      expect.stringMatching(/^GET \/api\/projects\/.* http_4xx$/),
      ...Array.from({ length: 4 }, () => expect.stringMatching(/^GET \/api\/categories.* http_5xx$/)),
      'GET /api/contact-mess timeout',
    ]);
    expect(seen.every(({ seconds }) => seconds >= 0 && seconds < 5)).toBe(true);
    expect(seen.at(-1)!.seconds).toBeGreaterThanOrEqual(0.015);
  });

  it("gives a preview's loaders drafts with the secret, never through the store, and leaves the site's client as it was", async () => {
    const asked: Array<{ status: string | null; secret: string | null }> = [];
    server.use(
      http.get(`${CMS}/api/projects`, ({ request }) => {
        asked.push({ status: new URL(request.url).searchParams.get('status'), secret: request.headers.get('x-preview-secret') });
        return HttpResponse.json({ data: [projectRow(1)], meta: {} });
      }),
    );
    const reads: string[] = [];
    const store = { read: <T>(key: string, load: () => Promise<T>) => (reads.push(key), load()) } as unknown as Parameters<typeof createContentClient>[2];
    const site = createContentClient({ ...CONTENT_DEFAULTS, baseUrl: CMS }, fetch, store);
    await getProjects('ALL', { client: site.forPreview('editor-secret') });
    expect(asked).toEqual([{ status: 'draft', secret: 'editor-secret' }]);
    expect(reads).toEqual([]);
    await getProjects('ALL', { client: site });
    expect(asked.at(-1)).toEqual({ status: null, secret: null });
    expect(reads).toHaveLength(1);
  });
});
