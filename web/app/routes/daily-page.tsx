import { LazyContactDetails, preloadContactDetails } from '~/features/contact/components/lazy-contact-details';
import { loadContact } from '~/features/contact/api/load-contact.server';
import { loadShellData } from '~/features/shell/api/shell-data.server';
import { Shell } from '~/features/shell/components/shell';
import { KeptOutlet } from '~/features/shell/components/kept-outlet';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { Fallbacks } from '~/components/fallbacks';
import type { Route } from './+types/daily-page';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

/** Spec 4: the categories are loaded at start-up; the contact info for the overlay with them. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadShellData({ request, context, params }, { contact: (at) => loadContact({ request, context, params }, at, PAGE.shell) });

// The shell's data does not change while the visitor moves between pages.
export const shouldRevalidate = () => false;

function DailyPage({ loaderData }: Route.ComponentProps) {
  return (
    <Fallbacks texts={loaderData.fallback}>
      <Shell
        categories={loaderData.categories}
        contact={<LazyContactDetails contact={loaderData.contact} />}
        onContactIntent={preloadContactDetails}
        headerExtra={<TranslationToggle />}
      >
        <KeptOutlet />
      </Shell>
    </Fallbacks>
  );
}

export default routePage(DailyPage);
