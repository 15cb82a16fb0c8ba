import { Copyright } from '../components/copyright';
import { EmptyState } from '../components/empty-state';
import { getProfiles } from '../features/profile/api/get-profiles.server';
import { ProfileList } from '../features/profile/components/profile-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import styles from './page.module.css';
import type { Route } from './+types/profile';
import { originOf, seoMeta } from '../lib/seo';
import { metaTexts, useUi } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';
import { inPageLanguage } from '../lib/page-language.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  // null: the CMS failed (the page says nothing, spec 8); []: the studio has no profile yet.
  const profiles = await loadOrEmpty({ route: '/dailyPage/profile', context }, () => getProfiles({ client: siteServices(context).content, signal: request.signal }), null);
  return { profiles: await inPageLanguage(request, context, profiles ?? []), nothingYet: profiles?.length === 0 };
}

// The link preview shows the studio's portrait (the first profile's), as a project shows its cover.
export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { ui, studio, fill, language } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: fill('pageTitle', { page: ui.profile, studio: studio.name }),
    description: fill('profileDescription', { studio: studio.name }),
    path: '/dailyPage/profile',
    language,
    image: loaderData?.profiles.find((profile) => profile.portrait)?.portrait,
  });
};

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { ui } = useUi();
  return (
    <main className={styles.column}>
      <h1 className="visually-hidden">{ui.studioProfile}</h1>
      <ProfileList profiles={loaderData.profiles} />
      {loaderData.nothingYet && <EmptyState message={ui.noProfiles} />}
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
