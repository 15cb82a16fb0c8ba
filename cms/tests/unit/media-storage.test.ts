import { describe, expect, it } from 'vitest';
import { bucketPublicUrl, s3Settings, s3UploadProvider } from '../../src/utils/media-storage';

const MOTO = { S3_BUCKET: 'studio-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('where the CMS keeps uploads', () => {
  it('keeps the local folder when no bucket is named', () => {
    expect(s3Settings({})).toBeUndefined();
  });

  it('refuses half a configuration instead of silently writing to the disk', () => {
    expect(() => s3Settings({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/without S3_BUCKET/);
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
    expect(() => s3Settings({ ...MOTO, S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => s3Settings({ ...MOTO, S3_ACL: 'private' })).toThrow(/S3_ACL/);
  });

  it('addresses an S3-compatible server path-style when asked, and AWS virtual-hosted by default', () => {
    expect(bucketPublicUrl({ ...MOTO, S3_FORCE_PATH_STYLE: 'true' })).toBe('http://127.0.0.1:9000/studio-media');
    expect(bucketPublicUrl({ S3_BUCKET: 'studio-media', S3_REGION: 'eu-west-1' })).toBe('https://studio-media.s3.eu-west-1.amazonaws.com');
    expect(bucketPublicUrl({ ...MOTO, S3_PUBLIC_URL: 'https://media.studio.example/' })).toBe('https://media.studio.example');
  });

  it('turns the SDK\'s default checksums off, keeps path-style and names every object by the public URL', () => {
    const settings = s3Settings({ ...MOTO, S3_FORCE_PATH_STYLE: 'true' })!;
    const { provider, providerOptions } = s3UploadProvider(settings);
    expect(provider).toBe('aws-s3');
    expect(providerOptions.baseUrl).toBe('http://127.0.0.1:9000/studio-media');
    expect(providerOptions.s3Options).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      params: { Bucket: 'studio-media', ACL: 'public-read' },
    });
    // A bucket that disables ACLs (public by policy) gets no ACL header at all.
    expect('ACL' in s3UploadProvider(s3Settings({ ...MOTO, S3_ACL: 'none' })!).providerOptions.s3Options.params).toBe(true);
    expect(s3UploadProvider(s3Settings({ ...MOTO, S3_ACL: 'none' })!).providerOptions.s3Options.params.ACL).toBeUndefined();
  });
});
