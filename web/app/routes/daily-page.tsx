import { Outlet } from 'react-router';
import { ContactDetails } from '../features/contact/components/contact-details';
import { getContact } from '../features/contact/api/get-contact.server';
import { getCategories } from '../features/shell/api/get-categories.server';
import { Shell } from '../features/shell/components/shell';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { ALL_CATEGORY } from '../lib/category';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import type { Route } from './+types/daily-page';
import { siteServices } from '../lib/site-context.server';
import { inPageLanguage } from '../lib/page-language.server';

/** Spec 4: the categories are loaded at start-up; the contact info for the overlay with them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [categories, contact] = await Promise.all([
    loadOrEmpty({ route: '/dailyPage', context }, () => getCategories({ client: siteServices(context).content, signal: request.signal }), [ALL_CATEGORY]),
    loadOrEmpty({ route: '/dailyPage', context }, () => getContact({ client: siteServices(context).content, signal: request.signal }), null),
  ]);
  // Each category keeps its name as the filter's key; its label is what the drawer shows.
  return inPageLanguage(request, context, { categories: categories.map((category) => ({ ...category, label: category.designType })), contact });
}

// The shell's data does not change while the visitor moves between pages.
export const shouldRevalidate = () => false;

export default function DailyPage({ loaderData }: Route.ComponentProps) {
  return (
    <Shell
      categories={loaderData.categories}
      contact={<ContactDetails contact={loaderData.contact} />}
      headerExtra={<TranslationToggle />}
    >
      <Outlet />
    </Shell>
  );
}
