import { getLandingImages } from '../features/landing/api/get-landing-images.server';
import { LandingPage } from '../features/landing/components/landing-page';
import { shuffle } from '../features/landing/shuffle';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { STUDIO } from '../lib/studio';
import { originOf, seoMeta } from '../lib/seo';
import { UI, fill } from '../lib/ui-text';
import type { Route } from './+types/login';
import { siteServices } from '../lib/site-context.server';

/** Shuffled on the server so the first background is in the HTML and hydration agrees. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const images = await loadOrEmpty({ route: '/login', context }, () => getLandingImages({ client: siteServices(context).content, signal: request.signal }), []);
  return { backgrounds: shuffle(images) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  seoMeta(originOf(matches), {
    title: fill('pageTitle', { page: STUDIO.nameLatin, studio: STUDIO.name }),
    description: UI.siteDescription,
    path: '/login',
    image: data?.backgrounds[0],
  });

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LandingPage backgrounds={loaderData.backgrounds} corner={<TranslationToggle />} />;
}
