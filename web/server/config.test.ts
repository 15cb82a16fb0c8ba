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

describe('logs and metrics (issue 29)', () => {
  it('logs at info and serves no metrics unless told', () => {
    const config = serverConfig({});
    expect(config.logLevel).toBe('info');
    expect(config.metrics).toBeUndefined();
  });

  it('serves the metrics on their own port, on loopback unless told otherwise', () => {
    expect(serverConfig({ METRICS_PORT: '9464', LOG_LEVEL: 'silent' })).toMatchObject({ logLevel: 'silent', metrics: { port: 9464, host: '127.0.0.1' } });
    expect(serverConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 9464, host: '10.0.0.5' });
  });

  it("refuses the site's own port for the metrics, and a level pino does not know", () => {
    expect(() => serverConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => serverConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => serverConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
