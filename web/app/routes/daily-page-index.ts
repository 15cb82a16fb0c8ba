import { redirect } from 'react-router';
import type { Route } from './+types/daily-page-index';
import { languageOf, localePath } from '../lib/language';

// Spec 2: the shell's index (/dailyPage and /dailyPage/) redirects to the project grid, in its language.
export const loader = ({ request }: Route.LoaderArgs) => redirect(localePath('/dailyPage/project', languageOf(new URL(request.url).pathname)));
