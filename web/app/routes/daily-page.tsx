import { Outlet } from 'react-router';
import { ContactDetails } from '../features/contact/components/contact-details';
import { loadShellData } from '../features/shell/api/shell-data.server';
import { Shell } from '../features/shell/components/shell';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import type { Route } from './+types/daily-page';

/** Spec 4: the categories are loaded at start-up; the contact info for the overlay with them. */
export const loader = ({ request, context }: Route.LoaderArgs) => loadShellData({ request, context });

// The shell's data does not change while the visitor moves between pages.
export const shouldRevalidate = () => false;

export default function DailyPage({ loaderData }: Route.ComponentProps) {
  return (
    <Shell categories={loaderData.categories} contact={<ContactDetails contact={loaderData.contact} />} headerExtra={<TranslationToggle />}>
      <Outlet />
    </Shell>
  );
}
