import { Copyright } from '~/components/copyright';
import { EmptyState } from '~/components/empty-state';
import { getProfiles } from '~/features/profile/api/get-profiles.server';
import { ProfileList } from '~/features/profile/components/profile-list';
import { inPageLocale, mergeList } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import { PROFILE_TEXTS } from '~/features/profile/api/get-profiles.server';
import styles from './page.module.css';
import type { Route } from './+types/profile';
import { originOf, seoMeta } from '~/lib/document/seo';
import { metaTexts, useUi } from '~/lib/language/ui-text';
import { siteServices } from '~/lib/request/site-context.server';
import { PAGE } from '~/pages';
import { routePage } from '~/lib/navigation/route-page';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const client = siteServices(context).content;
  const profiles = await inPageLocale(args, at, PAGE.profile, (locale) => getProfiles({ client, signal: request.signal, locale }), (source, own) => mergeList(source, own, PROFILE_TEXTS), []);
  // Failed: the page says nothing (spec 8); none: the studio has no profile yet.
  return { profiles: profiles.value, nothingYet: !profiles.failed && profiles.value.length === 0, fallback: profiles.fallback };
}

// The link preview shows the studio's portrait (the first profile's), as a project shows its cover.
export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { ui, studio, fill, language, locales } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: fill('pageTitle', { page: ui.profile, studio: studio.name }),
    description: fill('profileDescription', { studio: studio.name }),
    path: PAGE.profile,
    language,
    locales,
    image: loaderData?.profiles.find((profile) => profile.portrait)?.portrait,
  });
};

function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { ui } = useUi();
  return (
    <Fallbacks texts={loaderData.fallback}>
    <main className={styles.column}>
      <h1 className="visually-hidden">{ui.studioProfile}</h1>
      <ProfileList profiles={loaderData.profiles} />
      {loaderData.nothingYet && <EmptyState message={ui.noProfiles} />}
      <Copyright />
    </main>
    </Fallbacks>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error-boundary';

export default routePage(ProfilePage);
