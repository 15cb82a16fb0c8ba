import type { RouterContextProvider } from 'react-router';
import { getContact } from '../../contact/api/get-contact.server';
import { ALL_CATEGORY } from '../../../lib/category';
import { loadOrEmpty } from '../../../lib/load-or-empty.server';
import { inPageLanguage } from '../../../lib/page-language.server';
import { siteServices } from '../../../lib/site-context.server';
import { getCategories } from './get-categories.server';
import { hasCategoryIcon } from '../../../components/category-icon';

/**
 * What the shell shows around a page (spec 4): the categories, loaded at start-up, and the contact
 * details for the overlay with them. The /dailyPage pages and the 404 (issue 30: inside the site's
 * shell, not a header of its own) read it alike.
 */
export async function loadShellData({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const [categories, contact] = await Promise.all([
    loadOrEmpty({ route: '/dailyPage', context }, () => getCategories({ client: siteServices(context).content, signal: request.signal }), [ALL_CATEGORY]),
    loadOrEmpty({ route: '/dailyPage', context }, () => getContact({ client: siteServices(context).content, signal: request.signal }), null),
  ]);
  // A category names an icon the site does not have: it is drawn without one (said once in the log).
  for (const { designType, icontype } of categories) {
    if (icontype && !hasCategoryIcon(icontype)) siteServices(context).warnOnce(`icontype ${icontype}`, `[categories] "${designType}" names the icon "${icontype}", which the site does not have; it is shown without an icon`);
  }
  // Each category keeps its name as the filter's key; its label is what the drawer shows.
  return inPageLanguage(request, context, { categories: categories.map((category) => ({ ...category, label: category.designType })), contact });
}
