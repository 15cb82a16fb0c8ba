import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminJwt, call, dataOf } from './support/api';

interface Studio {
  documentId: string;
  locale: string;
  name: string;
  nameLatin: string;
  subtitle: string;
  tagline: string;
  description: string;
  copyrightHolder: string;
  filingNumber: string | null;
  filingUrl: string | null;
  country: string | null;
  themeColor: string | null;
  logo: { id: number; url: string; mime: string } | null;
  shareImage: { url: string; width: number; height: number } | null;
}

const STUDIO = 'api::studio.studio';
/** What the seed wrote: the demo's identity lives in cms/seed, the tests read it from there. */
const seeded = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'seed', 'content.json'), 'utf8')) as {
  studio: Omit<Studio, 'documentId' | 'locale' | 'logo' | 'shareImage'> & { english: Pick<Studio, 'name' | 'nameLatin' | 'subtitle' | 'tagline' | 'description' | 'copyrightHolder'> };
};
const LOCALIZED = ['name', 'nameLatin', 'subtitle', 'tagline', 'description', 'copyrightHolder'] as const;
const POPULATE = 'populate[logo][fields][0]=url&populate[logo][fields][1]=mime&populate[shareImage][fields][0]=url&populate[shareImage][fields][1]=width&populate[shareImage][fields][2]=height';

const studioIn = async (locale?: string) => dataOf<Studio>(await call(`/api/studio?${locale ? `locale=${locale}&` : ''}${POPULATE}`));

describe('the studio as content (issue 37)', () => {
  it('is one published entry, public and read-only, in the source language by default', async () => {
    const studio = await studioIn();
    expect(studio.locale).toBe('zh-Hans');
    for (const field of LOCALIZED) expect(studio[field], field).toBe(seeded.studio[field]);
    expect(studio).toMatchObject({ filingNumber: seeded.studio.filingNumber, filingUrl: seeded.studio.filingUrl, country: seeded.studio.country });
    expect(studio.logo?.mime).toBe('image/svg+xml');
    expect(studio.shareImage!.width / studio.shareImage!.height).toBeCloseTo(1.9, 1);
    for (const method of ['PUT', 'DELETE', 'POST']) expect((await call('/api/studio', { method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : '{"data":{"name":"x"}}' })).status, method).toBeGreaterThanOrEqual(401);
    expect((await studioIn()).name).toBe(seeded.studio.name);
  });

  it('has its English in the en locale of the same document, and shares what is not text', async () => {
    const [source, english] = await Promise.all([studioIn('zh-Hans'), studioIn('en')]);
    expect(english.documentId).toBe(source.documentId);
    expect(english.locale).toBe('en');
    for (const field of LOCALIZED) expect(english[field], field).toBe(seeded.studio.english[field]);
    expect(english.filingNumber).toBe(source.filingNumber);
    expect(english.country).toBe(source.country);
    expect(english.logo?.url).toBe(source.logo?.url);
    expect(english.shareImage?.url).toBe(source.shareImage?.url);
  });

  it('answers `locale` only for localized content, with one locale code; an unknown locale is a 4xx, never a 500', async () => {
    expect((await call('/api/first-page-imgs?locale=en')).status).toBe(400);
    for (const bad of ['en,zh-Hans', '*', '<script>', 'en_US']) expect((await call(`/api/studio?locale=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    const unknown = await call('/api/studio?locale=tlh');
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });

  it('starts every studio with its source language as the default locale, and English', async () => {
    const jwt = await adminJwt();
    const locales = (await call('/i18n/locales', { headers: { authorization: `Bearer ${jwt}` } })).body as Array<{ code: string; isDefault: boolean }>;
    expect(locales.find((locale) => locale.isDefault)?.code).toBe('zh-Hans');
    expect(locales.map((locale) => locale.code)).toEqual(expect.arrayContaining(['zh-Hans', 'en']));
  });
});

describe('a logo the site cannot make icons from (issue 37)', () => {
  let jwt: string;
  beforeAll(async () => {
    jwt = await adminJwt();
  });

  const upload = async (name: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
    form.append('fileInfo', JSON.stringify({ name, alternativeText: name }));
    const uploaded = await call('/upload', { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: form });
    expect(uploaded.status, name).toBe(201);
    return (uploaded.body as Array<{ id: number }>)[0]!.id;
  };
  /** Saves the studio's draft with this logo, as the admin's Save button does. */
  const saveWithLogo = (logo: number) =>
    call(`/content-manager/single-types/${STUDIO}?locale=zh-Hans`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ logo }),
    });

  /** The logo of the studio's draft in the admin. */
  const draftLogo = async () =>
    dataOf<{ logo: { id: number } | null }>(await call(`/content-manager/single-types/${STUDIO}?locale=zh-Hans`, { headers: { authorization: `Bearer ${jwt}` } })).logo?.id;

  it.each([
    ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>', 'image/svg+xml', /script/],
    ['an SVG that loads another file', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="https://evil.example/x.png" width="10" height="10"/></svg>', 'image/svg+xml', /another file/],
    ['an SVG with an event handler', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect width="10" height="10"/></svg>', 'image/svg+xml', /event handler/],
  ])('refuses %s with the reason, and keeps the logo it had', async (_what, svg, type, reason) => {
    const before = await draftLogo();
    const id = await upload(`bad-logo-${Date.now()}.svg`, Buffer.from(svg), type);
    const saved = await saveWithLogo(id);
    expect(saved.status).toBe(400);
    expect(JSON.stringify(saved.body)).toMatch(reason);
    expect(await draftLogo()).toBe(before);
  });

  it('refuses a damaged PNG, and takes a good one', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 20, g: 20, b: 20, alpha: 1 } } }).png().toBuffer();
    const damaged = await upload(`damaged-${Date.now()}.png`, Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]), 'image/png').catch(() => null);
    if (damaged !== null) {
      const refused = await saveWithLogo(damaged);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/damaged|cannot be read/);
    }
    const good = await upload(`good-${Date.now()}.png`, png, 'image/png');
    const before = await draftLogo();
    try {
      expect((await saveWithLogo(good)).status).toBe(200);
      expect(await draftLogo()).toBe(good);
    } finally {
      // Back to the seeded logo (the draft only: the published studio never changed).
      expect((await saveWithLogo(before!)).status).toBe(200);
    }
  });
});
