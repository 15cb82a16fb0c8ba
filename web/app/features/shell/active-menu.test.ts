import { describe, expect, it } from 'vitest';
import { ACTIVE_MENU_STORAGE_KEY, menuForPath, readStoredMenu, storeMenu } from './active-menu';

describe('active menu', () => {
  it('follows the URL section, detail pages included', () => {
    expect(menuForPath('/dailyPage/project')).toBe('PROJECTS');
    expect(menuForPath('/dailyPage/project/abc')).toBe('PROJECTS');
    expect(menuForPath('/dailyPage/article/abc')).toBe('TOPICS');
    expect(menuForPath('/dailyPage/profile')).toBe('PROFILE');
    expect(menuForPath('/dailyPage')).toBeNull();
  });

  it('is the same under any locale’s prefix (issue 38: not only /en)', () => {
    expect(menuForPath('/en/dailyPage/project')).toBe('PROJECTS');
    expect(menuForPath('/de/dailyPage/project/abc')).toBe('PROJECTS');
    expect(menuForPath('/zh-hant/dailyPage/article')).toBe('TOPICS');
    expect(menuForPath('/de/dailyPage')).toBeNull();
    expect(menuForPath('/de/login')).toBeNull();
    expect(menuForPath('/x/y/dailyPage/project')).toBeNull();
  });

  it('is kept in session storage, PROJECTS by default and for unknown values', () => {
    expect(readStoredMenu(window.sessionStorage)).toBe('PROJECTS');
    storeMenu(window.sessionStorage, 'TOPICS');
    expect(window.sessionStorage.getItem(ACTIVE_MENU_STORAGE_KEY)).toBe('TOPICS');
    expect(readStoredMenu(window.sessionStorage)).toBe('TOPICS');
    window.sessionStorage.setItem(ACTIVE_MENU_STORAGE_KEY, 'HACKED');
    expect(readStoredMenu(window.sessionStorage)).toBe('PROJECTS');
  });

  it('survives storage that throws (blocked storage)', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredMenu(blocked)).toBe('PROJECTS');
    expect(() => storeMenu(blocked, 'PROFILE')).not.toThrow();
  });
});
