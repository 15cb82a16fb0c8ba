import { getLandingImages } from '../features/landing/api/get-landing-images.server';
import { LandingPage } from '../features/landing/components/landing-page';
import { shuffle } from '../features/landing/shuffle';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { originOf, seoMeta } from '../lib/seo';
import { uiTextAt } from '../lib/ui-text';
import { inPageLanguage } from '../lib/page-language.server';
import { STUDIO } from '../lib/studio';
import type { Route } from './+types/login';
import { siteServices } from '../lib/site-context.server';

/** Shuffled on the server so the first background is in the HTML and hydration agrees. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const images = await loadOrEmpty({ route: '/login', context }, () => getLandingImages({ client: siteServices(context).content, signal: request.signal }), []);
  return { backgrounds: shuffle(await inPageLanguage(request, context, images)) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { ui, studio, fill, language } = uiTextAt(location.pathname);
  return seoMeta(originOf(matches), {
    title: fill('pageTitle', { page: STUDIO.nameLatin, studio: studio.name }),
    description: ui.siteDescription,
    path: '/login',
    language,
    image: data?.backgrounds[0],
  });
};

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LandingPage backgrounds={loaderData.backgrounds} corner={<TranslationToggle />} />;
}
