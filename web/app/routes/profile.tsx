import { Copyright } from '../components/copyright';
import { getProfiles } from '../features/profile/api/get-profiles.server';
import { ProfileList } from '../features/profile/components/profile-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/profile';
import { originOf, seoMeta } from '../lib/seo';
import { UI, fill } from '../lib/ui-text';
import { siteServices } from '../lib/site-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { profiles: await loadOrEmpty({ route: '/dailyPage/profile', context }, () => getProfiles({ client: siteServices(context).content, signal: request.signal }), []) };
}

// The link preview shows the studio's portrait (the first profile's), as a project shows its cover.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(originOf(matches), {
    title: fill('pageTitle', { page: UI.profile, studio: STUDIO.name }),
    description: UI.profileDescription,
    path: '/dailyPage/profile',
    image: loaderData?.profiles.find((profile) => profile.portrait)?.portrait,
  });

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="visually-hidden">{UI.studioProfile}</h1>
      <ProfileList profiles={loaderData.profiles} />
      <Copyright />
    </main>
  );
}

/** A failure of this page keeps the shell around it (issue 27). */
export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error-boundary';
