import { describe, expect, it } from 'vitest';
import { hasHan, languageOf, localePath, twinPath } from './language';

describe('the language of an address', () => {
  it('is English under /en (pages and their data requests), Chinese everywhere else', () => {
    expect(languageOf('/en')).toBe('en');
    expect(languageOf('/en/dailyPage/project')).toBe('en');
    expect(languageOf('/en/dailyPage/project.data')).toBe('en');
    expect(languageOf('/en.data')).toBe('en');
    expect(languageOf('/dailyPage/project')).toBe('zh');
    expect(languageOf('/english')).toBe('zh');
    expect(languageOf('/')).toBe('zh');
  });

  it('puts a Chinese address in either language', () => {
    expect(localePath('/login', 'en')).toBe('/en/login');
    expect(localePath('/', 'en')).toBe('/en');
    expect(localePath('/dailyPage/project?category=a', 'zh')).toBe('/dailyPage/project?category=a');
  });

  it('finds the twin of a page, keeping its query and hash', () => {
    expect(twinPath('/dailyPage/project/x?documentId=x&media=2', 'en')).toBe('/en/dailyPage/project/x?documentId=x&media=2');
    expect(twinPath('/en/dailyPage/project?category=%E5%93%81', 'zh')).toBe('/dailyPage/project?category=%E5%93%81');
    expect(twinPath('/en', 'zh')).toBe('/');
    expect(twinPath('/en/login#top', 'en')).toBe('/en/login#top');
    expect(twinPath('/login', 'zh')).toBe('/login');
  });

  it('tells Chinese text from English', () => {
    expect(hasHan('山海 Mountains')).toBe(true);
    expect(hasHan('Mountains · 2024')).toBe(false);
    expect(hasHan(null)).toBe(false);
  });
});

describe('the twin of an address never leaves the site (issue 36)', () => {
  it.each([
    ['/en//evil.example/x', 'zh', '/'],
    ['//evil.example/x', 'en', '/en'],
    ['/en/%2F%2Fevil.example/x', 'zh', '/'],
    ['/en/%2f/evil.example', 'zh', '/'],
    ['/en/\\evil.example', 'zh', '/'],
    ['/en/%5Cevil.example', 'zh', '/'],
    ['/en/%E0%A4%A', 'zh', '/'],
    ['/dailyPage//project', 'en', '/en'],
  ] as const)('%s in %s leads to that language\'s home', (from, language, home) => {
    expect(twinPath(from, language)).toBe(home);
  });

  it('keeps a real page and its query', () => {
    expect(twinPath('/en/dailyPage/article/a1?documentId=a1', 'zh')).toBe('/dailyPage/article/a1?documentId=a1');
    expect(twinPath('/dailyPage/project?category=%2F%2Fx', 'en')).toBe('/en/dailyPage/project?category=%2F%2Fx');
  });
});
