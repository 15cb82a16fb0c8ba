import { redirect } from 'react-router';
import type { Route } from './+types/home';
import { localePath } from '~/lib/language/language';
import { pageLocale } from '~/lib/language/page-locale.server';

// Spec 2: "/" redirects to /login (and /en to /en/login), as an HTTP redirect from the server.
export async function loader(args: Route.LoaderArgs) {
  const { language, locales } = await pageLocale(args);
  return redirect(localePath('/login', language, locales));
}

/**
 * Never drawn: the loader always redirects. A component makes this a page rather than a resource
 * route, so that under a prefix that is no locale (issue 38) its 404 is the 404 page, not a bare
 * answer.
 */
export default function Redirecting() {
  return null;
}
