import { afterEach, describe, expect, it } from 'vitest';
import { rememberLanguage, twinForRememberedLanguage } from './remembered-language';

afterEach(() => window.sessionStorage.clear());

const locales = { source: 'zh-Hans', others: ['en', 'de'] };

describe('the language remembered for the visit', () => {
  it('takes a visitor who was reading another language from an address of the source to its twin', () => {
    rememberLanguage('en');
    expect(twinForRememberedLanguage('/dailyPage/project?category=a', locales)).toBe('/en/dailyPage/project?category=a');
    rememberLanguage('de');
    expect(twinForRememberedLanguage('/login', locales)).toBe('/de/login');
  });

  it('never sends an address of another language away, nor a visitor who chose nothing, the source, or a language the studio no longer has', () => {
    rememberLanguage('zh-Hans');
    expect(twinForRememberedLanguage('/en/dailyPage/profile', locales)).toBeNull();
    expect(twinForRememberedLanguage('/dailyPage/profile', locales)).toBeNull();
    rememberLanguage('fr');
    expect(twinForRememberedLanguage('/dailyPage/profile', locales)).toBeNull();
    window.sessionStorage.clear();
    expect(twinForRememberedLanguage('/dailyPage/profile', locales)).toBeNull();
  });
});
