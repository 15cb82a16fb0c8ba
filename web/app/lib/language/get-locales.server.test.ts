import { describe, expect, it } from 'vitest';
import type { ContentClient, ContentRequest } from '../content/content-api';
import { DEFAULT_LOCALES } from './language';
import { getLocales, withNames } from './get-locales.server';

/** A client whose CMS answers GET /api/i18n/locales with `rows`, checked against the call's schema. */
const answering = (rows: unknown): ContentClient =>
  ({ get: async <T,>(request: ContentRequest<T>) => request.schema.parse(rows) }) as unknown as ContentClient;

describe('the studio’s locales (GET /api/i18n/locales)', () => {
  it('puts the default first, the others in the admin’s order, each named in its own language', async () => {
    const locales = await getLocales({
      client: answering([
        { code: 'en', isDefault: false },
        { code: 'de', isDefault: true },
        { code: 'zh-Hant', isDefault: false },
      ]),
    });
    expect(locales).toEqual({ source: 'de', others: ['en', 'zh-Hant'], names: { de: 'Deutsch', en: 'English', 'zh-Hant': expect.stringMatching(/中文/) } });
  });

  it('names the spec’s two the site serves while the CMS cannot say, keeping a name already given', () => {
    expect(withNames(DEFAULT_LOCALES)).toEqual({ ...DEFAULT_LOCALES, names: { 'zh-Hans': expect.stringMatching(/中文/), en: 'English' } });
    expect(withNames({ source: 'en', others: ['de'], names: { de: 'Deutsch (given)' } }).names).toEqual({ en: 'English', de: 'Deutsch (given)' });
  });

  it('refuses a studio without a locale, rather than serving pages in none', async () => {
    await expect(getLocales({ client: answering([]) })).rejects.toThrow(/no locale/);
  });
});
