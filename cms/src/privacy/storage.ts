import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectAclCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../utils/media-storage';

/** A file's bytes for the site's share pages: the whole file, or the one range it asked for. */
export interface Opened {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
}

/** Where a file is kept and who may read it there: the folder (cms/public/uploads) or the bucket. */
export interface MediaStorage {
  readonly kind: 'folder' | 'bucket';
  /** The storage's own key of an upload's URL (what follows /uploads/ or the bucket's address), else null. */
  keyOf(url: string): string | null;
  /**
   * Marks objects private or public where the storage itself can (a bucket with ACLs); the folder
   * is guarded by the CMS's /uploads (src/middlewares/private-uploads.ts) instead.
   */
  setAccess(keys: readonly string[], access: 'private' | 'public'): Promise<void>;
  /** Reads a file (`range`: `bytes=a-b`, as the site sends it), or null when there is none. */
  open(key: string, range?: string): Promise<Opened | null>;
  /** An address of a private file that opens for an hour or so: the admin's own pictures. */
  signedUrl(url: string, key: string): Promise<string>;
}

const RANGE = /^bytes=(\d+)-(\d+)$/;
/** A key as Strapi names uploads: no folder climbing, no separators of another system. */
export const isPlainKey = (key: string) => /^[A-Za-z0-9._-][A-Za-z0-9._/-]{0,300}$/.test(key) && !key.includes('..') && !key.includes('//');

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif',
  '.gif': 'image/gif', '.svg': 'image/svg+xml', '.mp4': 'video/mp4', '.webm': 'video/webm', '.mov': 'video/quicktime',
};
const typeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** The folder Strapi's local provider writes to, served by the CMS at /uploads (its private files checked by `signer`). */
export function folderStorage(uploadsDir: string, signer: ReturnType<typeof folderSigner>): MediaStorage {
  return {
    kind: 'folder',
    signedUrl: async (url, key) => signer.sign(url, key),
    keyOf: (url) => (url.startsWith('/uploads/') ? url.slice('/uploads/'.length).split('?')[0]! : null),
    async setAccess() {
      // The folder has no per-file access of its own: the CMS's /uploads refuses private keys.
    },
    async open(key, range) {
      if (!isPlainKey(key)) return null;
      const file = path.join(uploadsDir, key);
      const size = await stat(file).then((info) => (info.isFile() ? info.size : null), () => null);
      if (size === null) return null;
      const headers: Record<string, string> = { 'content-type': typeOf(key), 'accept-ranges': 'bytes' };
      const asked = range ? RANGE.exec(range) : null;
      if (asked) {
        const start = Number(asked[1]);
        const end = Math.min(Number(asked[2]), size - 1);
        if (start <= end) {
          return { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) }, body: createReadStream(file, { start, end }) };
        }
      }
      return { status: 200, headers: { ...headers, 'content-length': String(size) }, body: createReadStream(file) };
    },
  };
}

/** An S3-compatible bucket (Strapi's official provider writes it); private objects lose their public-read ACL. */
export function bucketStorage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = `${settings.publicUrl}/`;
  const missing = (error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return status === 404 || (error as { name?: string }).name === 'NoSuchKey';
  };
  return {
    kind: 'bucket',
    // Strapi's provider signs only addresses without a public base URL; this one signs any key.
    signedUrl: (_url, key) => getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: key }), { expiresIn: 3_600 }),
    keyOf: (url) => (url.startsWith(base) ? url.slice(base.length).split('?')[0]! : null),
    async setAccess(keys, access) {
      // A bucket without ACLs (S3_ACL=none) is public by its own policy: nothing to change per object.
      if (!settings.acl) return;
      for (const key of keys) {
        try {
          await client.send(new PutObjectAclCommand({ Bucket: settings.bucket, Key: key, ACL: access === 'private' ? 'private' : settings.acl }));
        } catch (error) {
          if (!missing(error)) throw error;
        }
      }
    },
    async open(key, range) {
      if (!isPlainKey(key)) return null;
      try {
        const asked = range && RANGE.test(range) ? range : undefined;
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key, ...(asked ? { Range: asked } : {}) }));
        const headers: Record<string, string> = { 'content-type': answer.ContentType ?? typeOf(key), 'accept-ranges': 'bytes' };
        if (answer.ContentLength !== undefined) headers['content-length'] = String(answer.ContentLength);
        if (answer.ContentRange) headers['content-range'] = answer.ContentRange;
        return { status: answer.ContentRange ? 206 : 200, headers, body: answer.Body as Readable };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
  };
}

/**
 * Addresses of private files in the folder for the admin's own pictures (the media library, the
 * edit view): /uploads/<key>?exp=…&sig=…, good for an hour or two, checked by the /uploads guard.
 */
export function folderSigner(secret: string, now = () => Date.now()) {
  const HOUR = 3_600_000;
  const sign = (key: string, expires: number) => createHmac('sha256', secret).update(`uploads:${key}:${expires}`).digest('base64url');
  return {
    /** Rounded up to the next hour after an hour from now, so the admin's pictures stay in its cache for a while. */
    sign(url: string, key: string): string {
      const expires = Math.ceil((now() + HOUR) / HOUR) * HOUR;
      return `${url.split('?')[0]}?exp=${expires}&sig=${sign(key, expires)}`;
    },
    verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
      if (!expires || !signature || !/^\d{1,16}$/.test(expires) || Number(expires) < now()) return false;
      const expected = Buffer.from(sign(key, Number(expires)));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
