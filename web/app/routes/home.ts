import { redirect } from 'react-router';
import type { Route } from './+types/home';
import { languageOf, localePath } from '../lib/language';

// Spec 2: "/" redirects to /login (and /en to /en/login), as an HTTP redirect from the server.
export const loader = ({ request }: Route.LoaderArgs) => redirect(localePath('/login', languageOf(new URL(request.url).pathname)));
