import { describe, expect, it, vi } from 'vitest';
import { languageMark, languageName, languageOf, localeOfPrefix, localePath, ogLocale, sourcePath, twinPath, type SiteLocales } from './language';

const SHANGHAI: SiteLocales = { source: 'zh-Hans', others: ['en', 'de'] };
/** A studio that writes in English, with German and Traditional Chinese twins. */
const BERLIN: SiteLocales = { source: 'en', others: ['de', 'zh-Hant'] };

describe('the language of an address', () => {
  it('is a locale under its prefix (pages and their data requests), the source everywhere else', () => {
    expect(languageOf('/en', SHANGHAI)).toBe('en');
    expect(languageOf('/de/dailyPage/project', SHANGHAI)).toBe('de');
    expect(languageOf('/en/dailyPage/project.data', SHANGHAI)).toBe('en');
    expect(languageOf('/en.data', SHANGHAI)).toBe('en');
    expect(languageOf('/dailyPage/project', SHANGHAI)).toBe('zh-Hans');
    expect(languageOf('/english', SHANGHAI)).toBe('zh-Hans');
    expect(languageOf('/fr/login', SHANGHAI)).toBe('zh-Hans');
    expect(languageOf('/', SHANGHAI)).toBe('zh-Hans');
  });

  it('spells a prefix in lower case and reads it in any case', () => {
    expect(localePath('/login', 'zh-Hant', BERLIN)).toBe('/zh-hant/login');
    expect(localeOfPrefix('ZH-HANT', BERLIN)).toBe('zh-Hant');
    expect(localeOfPrefix('en', BERLIN)).toBeUndefined(); // the source has no prefix
    expect(languageOf('/zh-hant/dailyPage/profile', BERLIN)).toBe('zh-Hant');
  });

  it('puts a source address in any language', () => {
    expect(localePath('/login', 'en', SHANGHAI)).toBe('/en/login');
    expect(localePath('/', 'de', SHANGHAI)).toBe('/de');
    expect(localePath('/dailyPage/project?category=a', 'zh-Hans', SHANGHAI)).toBe('/dailyPage/project?category=a');
    expect(localePath('/login', 'en', BERLIN)).toBe('/login');
  });

  it('finds the source address of any', () => {
    expect(sourcePath('/de/dailyPage/project?category=a', SHANGHAI)).toBe('/dailyPage/project?category=a');
    expect(sourcePath('/en', SHANGHAI)).toBe('/');
    expect(sourcePath('/login', SHANGHAI)).toBe('/login');
  });

  it('finds the twin of a page in every language, keeping its query and hash', () => {
    expect(twinPath('/dailyPage/project/x?documentId=x&media=2', 'en', SHANGHAI)).toBe('/en/dailyPage/project/x?documentId=x&media=2');
    expect(twinPath('/en/dailyPage/project?category=%E5%93%81', 'de', SHANGHAI)).toBe('/de/dailyPage/project?category=%E5%93%81');
    expect(twinPath('/de/dailyPage/project?category=%E5%93%81', 'zh-Hans', SHANGHAI)).toBe('/dailyPage/project?category=%E5%93%81');
    expect(twinPath('/en', 'zh-Hans', SHANGHAI)).toBe('/');
    expect(twinPath('/en/login#top', 'en', SHANGHAI)).toBe('/en/login#top');
    expect(twinPath('/login', 'zh-Hans', SHANGHAI)).toBe('/login');
  });
});

describe('a language as pages name it', () => {
  it('has an Open Graph locale', () => {
    expect(ogLocale('zh-Hans')).toBe('zh_CN');
    expect(ogLocale('zh-Hant')).toBe('zh_TW');
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('de')).toBe('de_DE');
    expect(ogLocale('pt-BR')).toBe('pt_BR');
    expect(ogLocale('ja')).toBe('ja_JP');
  });

  it('is listed by its own name, and marked CN, EN or its code in the header', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('en')).toBe('English');
    expect(languageName('zh-Hans')).toMatch(/中文/);
    expect(languageMark('zh-Hans')).toBe('CN');
    expect(languageMark('en')).toBe('EN');
    expect(languageMark('ja')).toBe('JA');
  });

  it('takes the names the server gave with the locales, and builds no Intl.DisplayNames in the browser', () => {
    // A browser's first Intl.DisplayNames loads its language data inside hydration's task.
    const built = vi.spyOn(Intl, 'DisplayNames');
    try {
      const locales: SiteLocales = { source: 'en', others: ['de'], names: { en: 'English', de: 'Deutsch' } };
      expect(languageName('de', locales)).toBe('Deutsch');
      expect(built).not.toHaveBeenCalled();
      // A locale the server did not name (added since): the runtime names it.
      expect(languageName('fr', locales)).toBe('Français');
      expect(built).toHaveBeenCalledOnce();
    } finally {
      built.mockRestore();
    }
  });
});

describe('the twin of an address never leaves the site (issue 36)', () => {
  it.each([
    ['/en//evil.example/x', 'zh-Hans', '/'],
    ['//evil.example/x', 'en', '/en'],
    ['/en/%2F%2Fevil.example/x', 'zh-Hans', '/'],
    ['/en/%2f/evil.example', 'zh-Hans', '/'],
    ['/en/\\evil.example', 'zh-Hans', '/'],
    ['/en/%5Cevil.example', 'zh-Hans', '/'],
    ['/en/%E0%A4%A', 'zh-Hans', '/'],
    ['/dailyPage//project', 'de', '/de'],
  ] as const)('%s in %s leads to that language\'s home', (from, language, home) => {
    expect(twinPath(from, language, SHANGHAI)).toBe(home);
  });

  it('keeps a real page and its query', () => {
    expect(twinPath('/en/dailyPage/article/a1?documentId=a1', 'zh-Hans', SHANGHAI)).toBe('/dailyPage/article/a1?documentId=a1');
    expect(twinPath('/dailyPage/project?category=%2F%2Fx', 'en', SHANGHAI)).toBe('/en/dailyPage/project?category=%2F%2Fx');
  });
});
