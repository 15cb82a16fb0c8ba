import { describe, expect, it } from 'vitest';
import { canonicalPageAddress, pageAddress } from './page-address';

describe("a page's address for caching and rendering", () => {
  it("spells a data request's _routes one way: every ordering and repetition is one address (issue 36)", () => {
    const ids = ['root', 'routes/daily-page', 'routes/project-list'];
    const orderings = new Set<string>();
    for (const a of ids) for (const b of ids) for (const c of ids) orderings.add(canonicalPageAddress(`/dailyPage/project.data?_routes=${[a, b, c].join(',')}`));
    // 27 spellings, 7 sets (every non-empty subset of three ids), each spelled one way.
    expect(orderings.size).toBe(7);
    expect(canonicalPageAddress('/dailyPage/project.data?_routes=routes/project-list,root,root')).toBe('/dailyPage/project.data?_routes=root%2Croutes%2Fproject-list');
  });

  it.each([
    ['/dailyPage/project?utm_source=x&fbclid=1', '/dailyPage/project'],
    ['/dailyPage/project?utm_x=1&category=%E5%93%81%E7%89%8C', '/dailyPage/project?category=%E5%93%81%E7%89%8C'],
    ['/dailyPage/project?category=品牌', '/dailyPage/project?category=%E5%93%81%E7%89%8C'],
    ['/dailyPage/project?category=a&category=b', '/dailyPage/project?category=a'],
    ['/dailyPage/project?category=', '/dailyPage/project'],
    ['/dailyPage/project/abc?media=2&junk=1&documentId=abc', '/dailyPage/project/abc?documentId=abc&media=2'],
    ['/dailyPage/article/abc?category=x&documentId=abc', '/dailyPage/article/abc?documentId=abc'],
    ['/dailyPage/profile?category=x', '/dailyPage/profile'],
    ['/login?x=1', '/login'],
    ['/dailyPage/project.data?_routes=routes%2Fproject-list&junk=2', '/dailyPage/project.data?_routes=routes%2Fproject-list'],
    ['/dailyPage/project/abc.data?documentId=abc&_routes=r', '/dailyPage/project/abc.data?documentId=abc&_routes=r'],
    ['/login?_routes=r', '/login'],
    ['/dailyPage/project', '/dailyPage/project'],
    ['/en/dailyPage/project?utm_source=x&category=a', '/en/dailyPage/project?category=a'],
    ['/en/dailyPage/project/abc?junk=1&media=1&documentId=abc', '/en/dailyPage/project/abc?documentId=abc&media=1'],
    ['/__manifest?paths=%2FdailyPage%2Fproject&version=abc', '/__manifest?paths=%2FdailyPage%2Fproject&version=abc'],
  ])('%s is %s', (given, canonical) => {
    expect(canonicalPageAddress(given)).toBe(canonical);
  });
});

describe('the address of the page React Router matched', () => {
  // As React Router gives them: the matched paths joined, without a leading slash.
  const grid = { pattern: 'dailyPage/project', params: {} };
  const detail = { pattern: 'dailyPage/project/:id', params: { id: 'Ab1' } };

  it('starts at the root for the home page and the login page', () => {
    expect(pageAddress('http://s/', { pattern: '/', params: {} })).toEqual({ cacheKey: '/', notFound: false });
    expect(pageAddress('http://s/login?x=1', { pattern: 'login', params: {} })).toEqual({ cacheKey: '/login', notFound: false });
  });

  it('is the page itself when asked as it is spelled; with a trailing slash, a redirect to it', () => {
    expect(pageAddress('http://s/dailyPage/project/', grid)).toEqual({ cacheKey: '/dailyPage/project', notFound: false, redirectTo: '/dailyPage/project' });
    expect(pageAddress('http://s/en/dailyPage/project/?category=a', { pattern: ':lang/dailyPage/project', params: { lang: 'en' } }).redirectTo).toBe('/en/dailyPage/project?category=a');
    expect(pageAddress('http://s/en/login/', { pattern: ':lang/login', params: { lang: 'en' } }).redirectTo).toBe('/en/login');
    // The shell's own address is its index, which redirects to the grid by itself: one hop.
    expect(pageAddress('http://s/dailyPage/', { pattern: 'dailyPage', params: {} }).redirectTo).toBeUndefined();
    expect(pageAddress('http://s/en/dailyPage/', { pattern: ':lang/dailyPage', params: { lang: 'en' } }).redirectTo).toBeUndefined();
    expect(pageAddress('http://s/dailyPage/project/.data', grid)).toEqual({ cacheKey: '/dailyPage/project.data', notFound: false });
    expect(pageAddress('http://s/dailyPage/project?category=a&x=1', grid)).toEqual({ cacheKey: '/dailyPage/project?category=a', notFound: false });
    expect(pageAddress('http://s/dailyPage/project/Ab1?documentId=Ab1', detail)).toEqual({ cacheKey: '/dailyPage/project/Ab1?documentId=Ab1', notFound: false });
  });

  it('redirects a document spelled another way to it, and keys data requests by it', () => {
    expect(pageAddress('http://s/DAILYPAGE/project?category=a', grid).redirectTo).toBe('/dailyPage/project?category=a');
    expect(pageAddress('http://s/dailyPage/project/%41b1', detail).redirectTo).toBe('/dailyPage/project/Ab1');
    expect(pageAddress('http://s/dailypage/project.data?_routes=r', grid)).toEqual({ cacheKey: '/dailyPage/project.data?_routes=r', notFound: false });
  });

  it('is one 404 page for every unknown address', () => {
    const a = pageAddress('http://s/a/b/c', { pattern: '*', params: { '*': 'a/b/c' } });
    const b = pageAddress('http://s/zzz?x=1', { pattern: '*', params: { '*': 'zzz' } });
    expect(a).toEqual(b);
    expect(a.notFound).toBe(true);
    // Its data request, per set of routes asked for (in one spelling), never per address.
    const data = pageAddress('http://s/zzz.data?_routes=routes%2Fnot-found,root', { pattern: '*', params: { '*': 'zzz' } });
    expect(data.cacheKey).toBe('/404.data?_routes=root%2Croutes%2Fnot-found');
    expect(pageAddress('http://s/other.data?_routes=root,routes%2Fnot-found', { pattern: '*', params: { '*': 'other' } })).toEqual(data);
  });

  it('keeps each locale’s twin apart: its own pages, its prefix spelled one way, and its own 404 page (issue 38)', () => {
    const grid = (lang: string) => ({ pattern: ':lang/dailyPage/project', params: { lang } });
    expect(pageAddress('http://s/en/dailyPage/project?category=a', grid('en'))).toEqual({ cacheKey: '/en/dailyPage/project?category=a', notFound: false });
    expect(pageAddress('http://s/de/dailyPage/project?category=a&x=1', grid('de'))).toEqual({ cacheKey: '/de/dailyPage/project?category=a', notFound: false });
    expect(pageAddress('http://s/EN/dailypage/project', grid('EN')).redirectTo).toBe('/en/dailyPage/project');
    expect(pageAddress('http://s/zh-Hant/dailyPage/project', grid('zh-Hant')).redirectTo).toBe('/zh-hant/dailyPage/project');
    const detail = { pattern: ':lang/dailyPage/project/:id', params: { lang: 'de', id: 'Ab1' } };
    expect(pageAddress('http://s/de/dailyPage/project/Ab1?documentId=Ab1&media=2&utm=x', detail).cacheKey).toBe('/de/dailyPage/project/Ab1?documentId=Ab1&media=2');
    const english404 = pageAddress('http://s/en/zzz', { pattern: ':lang/*', params: { lang: 'en', '*': 'zzz' } });
    expect(english404).toEqual({ cacheKey: '/en/404', notFound: true });
    expect(pageAddress('http://s/zzz', { pattern: '*', params: { '*': 'zzz' } }).cacheKey).toBe('/404');
  });

  it('makes every address under a prefix that is no locale one 404 page, whatever the prefix (issue 38)', () => {
    const isLocale = (prefix: string) => ['en', 'de'].includes(prefix.toLowerCase());
    const inShell = (lang: string, rest: string) => pageAddress(`http://s/${lang}/${rest}`, { pattern: ':lang/*', params: { lang, '*': rest } }, isLocale);
    expect(inShell('fr', 'x')).toEqual({ cacheKey: '/404', notFound: true });
    expect(inShell('dailyPage', 'nothing')).toEqual(inShell('fr', 'x'));
    expect(inShell('de', 'x')).toEqual({ cacheKey: '/de/404', notFound: true });
    const bare = (lang: string) => pageAddress(`http://s/${lang}/dailyPage/project`, { pattern: ':lang/dailyPage/project', params: { lang } }, isLocale);
    expect(bare('fr')).toEqual({ cacheKey: '/404/bare', notFound: true });
    expect(bare('xq-1')).toEqual(bare('fr'));
    expect(pageAddress('http://s/zz', { pattern: ':lang', params: { lang: 'zz' } }, isLocale)).toEqual({ cacheKey: '/404/bare', notFound: true });
    expect(bare('de').notFound).toBe(false);
  });
});
