import { data } from 'react-router';
import { ContactDetails } from '~/features/contact/components/contact-details';
import { loadContact } from '~/features/contact/api/load-contact.server';
import { loadShellData } from '~/features/shell/api/shell-data.server';
import { Shell } from '~/features/shell/components/shell';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { NotFoundPage } from '~/components/not-found-page';
import { metaTexts } from '~/lib/language/ui-text';
import { Fallbacks } from '~/components/fallbacks';
import type { Route } from './+types/not-found';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

// Spec 2: every path not in the route table is the 404 page, with HTTP status 404 (in a locale's
// language under its prefix, in the source language under a prefix that is no locale), inside the
// site's own shell (issue 30): its header, menu and contact panel.
export const loader = async ({ request, context, params }: Route.LoaderArgs) => data(await loadShellData({ request, context, params }, { notFound: true, contact: (at) => loadContact({ request, context, params }, at, PAGE.shell) }), { status: 404 });

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const { ui, studio, fill } = metaTexts({ location, matches });
  return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
};

function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <Fallbacks texts={loaderData.fallback}>
      <Shell categories={loaderData.categories} contact={<ContactDetails contact={loaderData.contact} />} headerExtra={<TranslationToggle toHome />}>
        <NotFoundPage inShell />
      </Shell>
    </Fallbacks>
  );
}

export default routePage(NotFound);
