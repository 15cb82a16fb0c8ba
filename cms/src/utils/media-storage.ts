/**
 * Where uploads are kept (issue 29, docs/decisions/016-storage-locks-backups-metrics.md): the local
 * folder (cms/public/uploads) by default, or an S3-compatible bucket when S3_BUCKET is set. The site
 * reads the same S3_* variables (web/server/config.ts) to find the bucket's public URL; only the CMS
 * holds the keys.
 */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, moto...); unset for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** The objects' public address: a CDN in front of the bucket, or the bucket's own URL. */
  publicUrl: string;
  /** Canned ACL sent with each upload; none for buckets that disable ACLs (public by bucket policy). */
  acl?: 'public-read';
}

type Env = Record<string, string | undefined>;

const truthy = (value: string | undefined) => value === 'true' || value === '1';

/** The bucket's public URL: S3_PUBLIC_URL, else path-style or virtual-hosted from the endpoint. */
export function bucketPublicUrl(env: Env): string | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  if (env.S3_PUBLIC_URL) return env.S3_PUBLIC_URL.replace(/\/+$/, '');
  const region = env.S3_REGION || 'us-east-1';
  const endpoint = new URL(env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`);
  const base = endpoint.href.replace(/\/+$/, '');
  if (truthy(env.S3_FORCE_PATH_STYLE)) return `${base}/${bucket}`;
  return `${endpoint.protocol}//${bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}

/**
 * The S3 settings, or undefined for the local folder. Half a configuration is an error, not a
 * fallback. src/env.ts checks them at start; the rest of the CMS reads its `s3`.
 */
export function s3Settings(env: Env): S3Settings | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep uploads in a bucket, or unset them.`);
    return undefined;
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the machine\'s AWS credentials).');
  }
  for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'] as const) {
    const value = env[name];
    if (value && !/^https?:\/\/[^/]/.test(value)) throw new Error(`${name} must be an http(s) URL, not "${value}".`);
  }
  const acl = env.S3_ACL ?? 'public-read';
  if (acl !== 'public-read' && acl !== 'none') throw new Error(`S3_ACL is "public-read" (the default) or "none", not "${acl}".`);
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: truthy(env.S3_FORCE_PATH_STYLE),
    publicUrl: bucketPublicUrl(env)!,
    acl: acl === 'none' ? undefined : acl,
  };
}

/** The upload plugin's provider settings for Strapi's official S3 provider. */
export function s3UploadProvider(settings: S3Settings) {
  return {
    provider: 'aws-s3',
    providerOptions: {
      // Every object's URL is the public base + its key (hash + extension), so the site can map it
      // to its own /uploads/<key> and the URL does not depend on what the server's answers say.
      baseUrl: settings.publicUrl,
      s3Options: {
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
        // The AWS SDK (since 3.729) adds CRC32 checksums to every upload and checks them on every
        // download; many S3-compatible servers reject or mangle them. Only where S3 requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        params: { Bucket: settings.bucket, ACL: settings.acl },
      },
    },
    actionOptions: { upload: {}, uploadStream: {}, delete: {} },
  };
}
