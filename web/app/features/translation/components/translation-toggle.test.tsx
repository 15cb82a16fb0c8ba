import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext, type SiteLocales } from '~/lib/language/language';
import { TranslationToggle } from './translation-toggle';

afterEach(() => vi.restoreAllMocks());

/** The header's toggle on a page of `path`, with the studio's `locales` as the root provides them. */
function renderToggle(locales: SiteLocales, language: string, path: string) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <LanguageContext.Provider value={{ language, locales }}>
          <TranslationToggle />
        </LanguageContext.Provider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('the language toggle', () => {
  // A browser's first Intl.DisplayNames loads its language data inside hydration's task (23–68 ms
  // on this machine): the names come from the server, with the locales.
  it('names the other language by the name the server gave, building no Intl.DisplayNames', async () => {
    const built = vi.spyOn(Intl, 'DisplayNames');
    renderToggle({ source: 'de', others: ['en'], names: { de: 'Deutsch (server)', en: 'English (server)' } }, 'de', '/dailyPage/project');
    const toggle = await screen.findByRole('link', { name: 'DE English (server)' });
    expect(toggle).toHaveAttribute('href', '/en/dailyPage/project');
    expect(built).not.toHaveBeenCalled();
  });

  it('lists every language of a studio with more than two by the names the server gave', async () => {
    const built = vi.spyOn(Intl, 'DisplayNames');
    renderToggle({ source: 'en', others: ['de', 'fr'], names: { en: 'English (server)', de: 'Deutsch (server)', fr: 'Français (server)' } }, 'de', '/de/dailyPage/profile');
    for (const [name, href] of [['English (server)', '/dailyPage/profile'], ['Deutsch (server)', '/de/dailyPage/profile'], ['Français (server)', '/fr/dailyPage/profile']]) {
      expect(await screen.findByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
    }
    expect(built).not.toHaveBeenCalled();
  });
});
