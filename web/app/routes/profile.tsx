import { Copyright } from '../components/copyright';
import { getProfiles } from '../features/profile/api/get-profiles.server';
import { ProfileList } from '../features/profile/components/profile-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import type { Route } from './+types/profile';
import { originOf, seoMeta } from '../lib/seo';
import { uiTextAt, useUi } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';
import { inPageLanguage } from '../lib/page-language.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const profiles = await loadOrEmpty({ route: '/dailyPage/profile', context }, () => getProfiles({ client: siteServices(context).content, signal: request.signal }), []);
  return { profiles: await inPageLanguage(request, context, profiles) };
}

// The link preview shows the studio's portrait (the first profile's), as a project shows its cover.
export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const { ui, studio, fill, language } = uiTextAt(location.pathname);
  return seoMeta(originOf(matches), {
    title: fill('pageTitle', { page: ui.profile, studio: studio.name }),
    description: ui.profileDescription,
    path: '/dailyPage/profile',
    language,
    image: loaderData?.profiles.find((profile) => profile.portrait)?.portrait,
  });
};

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { ui } = useUi();
  return (
    <main>
      <h1 className="visually-hidden">{ui.studioProfile}</h1>
      <ProfileList profiles={loaderData.profiles} />
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
