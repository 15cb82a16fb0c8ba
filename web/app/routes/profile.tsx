import { Copyright } from '../components/copyright';
import { getProfiles } from '../features/profile/api/get-profiles.server';
import { ProfileList } from '../features/profile/components/profile-list';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { profiles: await loadOrEmpty({ route: '/dailyPage/profile', context }, () => getProfiles({ signal: request.signal }), []) };
}

export const meta = () => [{ title: `简介 · ${STUDIO.name}` }];

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="visually-hidden">工作室简介</h1>
      <ProfileList profiles={loaderData.profiles} />
      <Copyright />
    </main>
  );
}
