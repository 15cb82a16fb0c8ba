import { ALL_CATEGORY, type Category } from '~/lib/content/category';
import { inPageLocale, mergeList, type Localized } from '~/lib/language/localized.server';
import { pageLocale, type LoaderArgs } from '~/lib/language/page-locale.server';
import type { Language, SiteLocales } from '~/lib/language/language';
import { siteServices } from '~/lib/request/site-context.server';
import { hasCategoryIcon } from '~/components/category-icon';
import { getCategories } from './get-categories.server';
import { PAGE } from '~/pages';

type Labelled = Category & { documentId: string; label: string };

/** The categories as the drawer shows them: each keyed by its source name, labelled in the page's language. */
function labelled(source: readonly Category[], own: readonly Category[] | null) {
  const shape = (list: readonly Category[], keys: ReadonlyMap<string, string>) =>
    list.flatMap((category): Labelled[] => (category.documentId ? [{ ...category, designType: keys.get(category.documentId) ?? category.designType, label: category.designType, documentId: category.documentId }] : []));
  const keys = new Map(source.flatMap((category) => (category.documentId ? [[category.documentId, category.designType] as const] : [])));
  const merged = mergeList(shape(source, keys), own ? shape(own, keys) : null, ['label']);
  return { value: [ALL_CATEGORY, ...merged.value], fallback: merged.fallback };
}

/**
 * What the shell shows around a page (spec 4): the categories, loaded at start-up, and what its
 * contact panel holds with them (the route passes the contact feature's loader in: a feature does
 * not import another), in the page's language (issue 38). The shell's pages and the 404 (issue
 * 30: inside the site's shell, not a header of its own) read it alike.
 */
export async function loadShellData<Contact>(
  args: LoaderArgs,
  { notFound = false, contact: loadContact }: { notFound?: boolean; contact: (at: { language: Language; locales: SiteLocales }) => Promise<Localized<Contact>> },
) {
  // The 404 page is the source language's under a prefix that is no locale (issue 38).
  const at = await pageLocale(args, { orSource: notFound });
  const client = siteServices(args.context).content;
  const signal = args.request.signal;
  const [categories, contact] = await Promise.all([
    inPageLocale(args, at, PAGE.shell, (locale) => getCategories({ client, signal, locale }), labelled, [ALL_CATEGORY]),
    loadContact(at),
  ]);
  // A category names an icon the site does not have: it is drawn without one (said once in the log).
  for (const { designType, icontype } of categories.value) {
    if (icontype && !hasCategoryIcon(icontype)) siteServices(args.context).warnOnce(`icontype ${icontype}`, `[categories] "${designType}" names the icon "${icontype}", which the site does not have; it is shown without an icon`);
  }
  return { categories: categories.value, contact: contact.value, fallback: [...categories.fallback, ...contact.fallback] };
}
