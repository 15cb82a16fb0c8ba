import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bucketKeys } from '../../scripts/lib/object-storage.mjs';
import { adminJwt, call, cmsUrl, editorToken } from './support/api';

interface UploadFile {
  id: number;
  url: string;
  provider: string;
  mime: string;
  placeholder: string | null;
  formats: Record<string, { url: string }> | null;
}

/**
 * Uploads live where the CMS is told to keep them (issue 29): the bucket of an S3-compatible
 * server (CONTRACT_STORAGE=s3, a loopback moto_server) or the local folder, and only there.
 */
const storage = inject('cmsStorage');
const uploadsDir = () => path.join(inject('cmsDataDir'), 'public', 'uploads');

/** Every stored object's key: the bucket's listing, or the upload folder's files. */
async function storedKeys(): Promise<Set<string>> {
  if (storage.kind === 'local') return new Set(fs.readdirSync(uploadsDir()));
  return new Set(await bucketKeys(storage.endpoint!, storage.bucket!));
}

/** The key of each object a file is made of (the original and its responsive formats). */
const keysOf = (file: UploadFile): string[] => [file.url, ...Object.values(file.formats ?? {}).map((format) => format.url)].map((url) => url.slice(url.lastIndexOf('/') + 1));

/** Where a file's URL says it is: the bucket's public URL, or the CMS's own /uploads/. */
const expectedPrefix = () => (storage.kind === 's3' ? `${storage.publicUrl}/` : '/uploads/');

async function files(): Promise<UploadFile[]> {
  const token = await editorToken();
  return (await call('/api/upload/files', { headers: { authorization: `Bearer ${token}` } })).body as UploadFile[];
}

/** Uploads `bytes` as an editor does in the admin's media library; the file as the API then lists it. */
async function uploadInAdmin(jwt: string, bytes: Buffer, name: string, type: string, alternativeText: string): Promise<UploadFile> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  form.append('fileInfo', JSON.stringify({ name, alternativeText }));
  const uploaded = await call('/upload', { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: form });
  expect(uploaded.status).toBe(201);
  const [created] = uploaded.body as UploadFile[];
  return (await files()).find((candidate) => candidate.id === created!.id)!;
}

describe(`uploads kept in ${storage.kind === 's3' ? 'an S3-compatible bucket' : 'the local folder'}`, () => {
  let seeded: UploadFile[];
  beforeAll(async () => {
    seeded = await files();
  });

  it('holds every seeded file and each of its formats, each readable at its URL', async () => {
    expect(seeded.length).toBeGreaterThan(100);
    const stored = await storedKeys();
    for (const file of seeded) {
      expect(file.provider).toBe(storage.kind === 's3' ? 'aws-s3' : 'local');
      expect(file.url.startsWith(expectedPrefix()), file.url).toBe(true);
      for (const key of keysOf(file)) expect(stored.has(key), key).toBe(true);
    }
    // A picture and a video read back as a visitor's browser (through the site) would.
    for (const file of [seeded.find((f) => f.mime === 'image/jpeg')!, seeded.find((f) => f.mime === 'video/mp4')!]) {
      const response = await fetch(storage.kind === 's3' ? file.url : `${cmsUrl()}${file.url}`, { headers: { range: 'bytes=0-99' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-type')).toBe(file.mime);
      expect((await response.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('writes nothing to the CMS\'s disk when a bucket is configured', () => {
    const onDisk = fs.readdirSync(uploadsDir());
    if (storage.kind === 's3') expect(onDisk).toEqual([]);
    else expect(onDisk.length).toBe(new Set(seeded.flatMap(keysOf)).size);
  });

  it('keeps an upload from the admin with its thumbnail and placeholder, and deleting it removes every object', async () => {
    const jwt = await adminJwt();
    const picture = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 40, b: 30 } } }).png().toBuffer();
    const file = await uploadInAdmin(jwt, picture, 'storage-contract.png', 'image/png', '红色');
    // The admin's thumbnail; not Strapi's small, medium and large copies, which the site does not use (decision 025).
    expect(Object.keys(file.formats ?? {})).toEqual(['thumbnail']);
    expect(file.url.startsWith(expectedPrefix())).toBe(true);
    // Its placeholder was made from the stored thumbnail (read back from the bucket when there is one).
    expect(file.placeholder).toMatch(/^c8281e,/);
    const keys = keysOf(file);
    const stored = await storedKeys();
    for (const key of keys) expect(stored.has(key), key).toBe(true);

    const removed = await call(`/upload/files/${file.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${jwt}` } });
    expect(removed.status).toBe(200);
    const after = await storedKeys();
    for (const key of keys) expect(after.has(key), key).toBe(false);
    // Nothing else went with it.
    expect(after.size).toBe(stored.size - keys.length);
  });

  it('keeps a photograph from the admin as it was uploaded, byte for byte: the master the site makes its pictures from', async () => {
    const jwt = await adminJwt();
    // Grain, at the quality a studio exports at: Strapi's re-encoding at quality 80 would make it smaller.
    const photograph = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 95 }).toBuffer();
    const file = await uploadInAdmin(jwt, photograph, 'storage-master.jpg', 'image/jpeg', '颗粒');
    const kept = Buffer.from(await (await fetch(storage.kind === 's3' ? file.url : `${cmsUrl()}${file.url}`)).arrayBuffer());
    expect(kept.length).toBe(photograph.length);
    expect(kept.equals(photograph)).toBe(true);
    expect((await call(`/upload/files/${file.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${jwt}` } })).status).toBe(200);
  });
});
