import { afterEach, describe, expect, it } from 'vitest';
import { rememberLanguage, twinForRememberedLanguage } from './remembered-language';

afterEach(() => window.sessionStorage.clear());

describe('the language remembered for the visit', () => {
  it('takes a visitor who was reading English from a Chinese address to its English twin', () => {
    rememberLanguage('en');
    expect(twinForRememberedLanguage('/dailyPage/project?category=a')).toBe('/en/dailyPage/project?category=a');
  });

  it('never sends an English address away, nor a visitor who chose nothing or Chinese', () => {
    rememberLanguage('zh');
    expect(twinForRememberedLanguage('/en/dailyPage/profile')).toBeNull();
    expect(twinForRememberedLanguage('/dailyPage/profile')).toBeNull();
    window.sessionStorage.clear();
    expect(twinForRememberedLanguage('/dailyPage/profile')).toBeNull();
  });
});
