import { expect, test } from '../fixtures';
import { cmsData, cmsUrl, open } from '../support';

/**
 * Media come from where the CMS keeps them (issue 29): a bucket on an S3-compatible server when
 * E2E_STORAGE=s3 (as `npm test` runs it), else the CMS's folder; either way they reach the browser
 * from the site's own origin.
 */
const inBucket = process.env.E2E_STORAGE_KIND === 's3';

test(`a project's pictures and video show, read from ${inBucket ? 'the bucket' : 'the CMS\'s folder'}, on the site's own origin`, async ({ page, baseURL }) => {
  const projects = await cmsData<Array<{ documentId: string; images: Array<{ url: string; ext: string }> }>>(
    '/api/projects?populate[images][fields][0]=url&populate[images][fields][1]=ext',
  );
  const project = projects.find((candidate) => candidate.images.some((image) => image.ext === '.mp4') && candidate.images.length > 1)!;
  const origins = new Set<string>();
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/^\/(_img|uploads)\//.test(url.pathname)) {
      origins.add(url.origin);
      if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
    }
  });
  await open(page, `/dailyPage/project/${project.documentId}`);
  const picture = page.locator('main img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const video = page.locator('main video').first();
  await video.scrollIntoViewIfNeeded();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(failed).toEqual([]);
  expect([...origins]).toEqual([new URL(baseURL!).origin]);

  // Where the bytes were: in the bucket (and not on the CMS) or on the CMS.
  const image = project.images.find((candidate) => candidate.ext !== '.mp4')!;
  const key = image.url.slice(image.url.lastIndexOf('/') + 1);
  const fromCms = await fetch(`${cmsUrl()}/uploads/${key}`);
  await fromCms.arrayBuffer();
  if (inBucket) {
    expect(image.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e2e-[a-z0-9-]+\/[^/]+$/);
    expect(fromCms.status).toBe(404);
    const fromBucket = await fetch(image.url);
    await fromBucket.arrayBuffer();
    expect(fromBucket.status).toBe(200);
  } else {
    expect(image.url).toBe(`/uploads/${key}`);
    expect(fromCms.status).toBe(200);
  }
  const served = await fetch(`${baseURL}/uploads/${key}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^image\//);
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  await served.arrayBuffer();
});
