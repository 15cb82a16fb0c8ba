import { inPageLocale, mergeEntry, type Localized } from '~/lib/language/localized.server';
import type { LoaderArgs } from '~/lib/language/page-locale.server';
import { siteServices } from '~/lib/request/site-context.server';
import type { Language, SiteLocales } from '~/lib/language/language';
import type { ContactInfo } from './contact-types';
import { getContact } from './get-contact.server';

/**
 * The studio's contact details in the page's language, the source's address where the language has
 * none of its own (issue 38). The root reads them for the page's metadata, the shell's routes for
 * the contact panel; `route` names the reader in the fallback log.
 */
export function loadContact(args: LoaderArgs, at: { language: Language; locales: SiteLocales }, route: string): Promise<Localized<ContactInfo | null>> {
  const client = siteServices(args.context).content;
  const signal = args.request.signal;
  return inPageLocale(args, at, route, (locale) => getContact({ client, signal, locale }), (source, own) => (source ? mergeEntry(source, own, ['address']) : { value: null, fallback: [] }), null);
}
