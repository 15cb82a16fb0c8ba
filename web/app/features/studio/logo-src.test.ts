import { describe, expect, it } from 'vitest';
import { logoSrcOf } from './load-studio.server';

describe("the address of the studio's mark", () => {
  it('is named by the logo’s file, wherever the file is kept (a folder, a bucket, another bucket after a restore)', () => {
    const inFolder = logoSrcOf({ logo: { url: '/uploads/mark_a1b2c3.svg' } as never });
    expect(inFolder).toMatch(/^\/favicon\.svg\?v=[\w-]{12}$/);
    expect(logoSrcOf({ logo: { url: 'http://127.0.0.1:9000/studio-media/mark_a1b2c3.svg' } as never })).toBe(inFolder);
    expect(logoSrcOf({ logo: { url: 'https://other-bucket.example/mark_a1b2c3.svg' } as never })).toBe(inFolder);
  });

  it('changes with a new logo, and is the default mark without one', () => {
    expect(logoSrcOf({ logo: { url: '/uploads/mark_d4e5f6.svg' } as never })).not.toBe(logoSrcOf({ logo: { url: '/uploads/mark_a1b2c3.svg' } as never }));
    expect(logoSrcOf(null)).toBe('/favicon.svg');
  });
});
