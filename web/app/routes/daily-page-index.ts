import { redirect } from 'react-router';
import type { Route } from './+types/daily-page-index';
import { localePath } from '~/lib/language/language';
import { pageLocale } from '~/lib/language/page-locale.server';
import { PAGE } from '~/pages';

// Spec 2: the shell's index (with or without a trailing slash) redirects to the project grid, in its language.
export async function loader(args: Route.LoaderArgs) {
  const { language, locales } = await pageLocale(args);
  return redirect(localePath(PAGE.projects, language, locales));
}

/**
 * Never drawn: the loader always redirects. A component makes this a page rather than a resource
 * route, so that under a prefix that is no locale (issue 38) its 404 is the 404 page, not a bare
 * answer.
 */
export default function Redirecting() {
  return null;
}
