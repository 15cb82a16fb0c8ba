import { getProjects } from '../features/projects/api/get-projects.server';
import { EAGER_TILES } from '../features/projects/components/project-grid';
import { ALL_CATEGORY } from '../lib/category';
import { getLandingImages } from '../features/landing/api/get-landing-images.server';
import { LandingPage } from '../features/landing/components/landing-page';
import { shuffle } from '../features/landing/shuffle';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { loadOrEmpty } from '../lib/load-or-empty.server';
import { originOf, seoMeta } from '../lib/seo';
import { metaTexts } from '../lib/ui-text';
import { inPageLanguage } from '../lib/page-language.server';
import type { Route } from './+types/login';
import { siteServices } from '../lib/site-context.server';

/**
 * Shuffled on the server so the first background is in the HTML and hydration agrees. With them,
 * the gallery's first covers (the content cache has the list): the landing warms them while the
 * visitor watches it, so the way in reveals pictures (issue 30).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const options = { client: siteServices(context).content, signal: request.signal };
  const [images, projects] = await Promise.all([
    loadOrEmpty({ route: '/login', context }, () => getLandingImages(options), []),
    loadOrEmpty({ route: '/login', context }, () => getProjects(ALL_CATEGORY.designType, options), []),
  ]);
  const galleryCovers = projects
    .slice(0, Math.max(EAGER_TILES.phone, EAGER_TILES.web))
    .flatMap((project) => (project.cover ? [{ cover: project.cover, tall: project.tall }] : []));
  return { backgrounds: shuffle(await inPageLanguage(request, context, images)), galleryCovers };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { studio, fill, language } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: studio.nameLatin && studio.nameLatin !== studio.name ? fill('pageTitle', { page: studio.nameLatin, studio: studio.name }) : studio.name,
    description: studio.description || studio.tagline || studio.name,
    path: '/login',
    language,
    // The studio's own share picture first: the backgrounds are shuffled at every render.
    image: studio.shareImage ?? data?.backgrounds[0],
  });
};

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LandingPage backgrounds={loaderData.backgrounds} galleryCovers={loaderData.galleryCovers} corner={<TranslationToggle />} />;
}
