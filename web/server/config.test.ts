import { describe, expect, it } from 'vitest';
import { serverConfig } from './config';

describe('where the site reads uploads from', () => {
  it('reads them from the CMS by default', () => {
    expect(serverConfig({ CMS_URL: 'http://cms.internal:1337/' }).content.mediaBaseUrl).toBe('http://cms.internal:1337/uploads');
  });

  it('reads them from the same bucket address the CMS writes them to', () => {
    const bucket = { CMS_URL: 'http://cms.internal:1337', S3_BUCKET: 'studio-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' };
    expect(serverConfig(bucket).content.mediaBaseUrl).toBe('http://127.0.0.1:9000/studio-media');
    expect(serverConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'false' }).content.mediaBaseUrl).toBe('http://studio-media.127.0.0.1:9000');
    expect(serverConfig({ ...bucket, S3_PUBLIC_URL: 'https://media.studio.example/' }).content.mediaBaseUrl).toBe('https://media.studio.example');
    expect(serverConfig({ CMS_URL: 'http://cms', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).content.mediaBaseUrl).toBe('https://b.s3.eu-west-1.amazonaws.com');
  });

  it('names a malformed bucket address instead of starting', () => {
    expect(() => serverConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
