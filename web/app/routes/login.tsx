import { getProjects } from '~/features/projects/api/get-projects.server';
import { EAGER_TILES } from '~/lib/navigation/grid-entrance';
import { ALL_CATEGORY } from '~/lib/content/category';
import { getLandingImages } from '~/features/landing/api/get-landing-images.server';
import { LandingPage } from '~/features/landing/components/landing-page';
import { shuffle } from '~/features/landing/shuffle';
import { TranslationToggle } from '~/features/translation/components/translation-toggle';
import { loadOrEmpty } from '~/lib/content/load-or-empty.server';
import { originOf, seoMeta } from '~/lib/document/seo';
import { metaTexts } from '~/lib/language/ui-text';
import { inPageLocale } from '~/lib/language/localized.server';
import { pageLocale } from '~/lib/language/page-locale.server';
import { Fallbacks } from '~/components/fallbacks';
import type { Route } from './+types/login';
import { siteServices } from '~/lib/request/site-context.server';
import { routePage } from '~/lib/navigation/route-page';

/**
 * Shuffled on the server so the first background is in the HTML and hydration agrees. With them,
 * the gallery's first covers (the content cache has the list): the landing warms them while the
 * visitor watches it, so the way in reveals pictures (issue 30).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const args = { request, context, params };
  const at = await pageLocale(args);
  const client = siteServices(context).content;
  const [images, projects] = await Promise.all([
    // The landing's pictures are the same in every language; their words are the page's (picture texts).
    inPageLocale(args, at, '/login', () => getLandingImages({ client, signal: request.signal }), (source) => ({ value: source, fallback: [] }), []),
    loadOrEmpty({ route: '/login', context }, () => getProjects(ALL_CATEGORY.designType, { client, signal: request.signal, locale: at.locales.source }), []),
  ]);
  const galleryCovers = projects
    .slice(0, Math.max(EAGER_TILES.phone, EAGER_TILES.web))
    .flatMap((project) => (project.cover ? [{ cover: project.cover, tall: project.tall }] : []));
  return { backgrounds: shuffle(images.value), galleryCovers, fallback: images.fallback };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) => {
  const { studio, fill, language, locales } = metaTexts({ location, matches });
  return seoMeta(originOf(matches), {
    studio,
    title: studio.nameLatin && studio.nameLatin !== studio.name ? fill('pageTitle', { page: studio.nameLatin, studio: studio.name }) : studio.name,
    description: studio.description || studio.tagline || studio.name,
    path: '/login',
    language,
    locales,
    // The studio's own share picture first: the backgrounds are shuffled at every render.
    image: studio.shareImage ?? data?.backgrounds[0],
  });
};

function Login({ loaderData }: Route.ComponentProps) {
  return (
    <Fallbacks texts={loaderData.fallback}>
      <LandingPage backgrounds={loaderData.backgrounds} galleryCovers={loaderData.galleryCovers} corner={<TranslationToggle />} />
    </Fallbacks>
  );
}

export default routePage(Login);
