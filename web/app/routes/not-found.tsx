import { data } from 'react-router';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { NotFoundPage } from '../components/not-found-page';
import { uiTextAt } from '../lib/ui-text';
import type { Route } from './+types/not-found';

// Spec 2: every path not in the route table is the 404 page, with HTTP status 404 (in English under /en).
export const loader = () => data(null, { status: 404 });

export const meta: Route.MetaFunction = ({ location }) => {
  const { ui, studio, fill } = uiTextAt(location.pathname);
  return [{ title: fill('pageTitle', { page: ui.notFoundTitle, studio: studio.name }) }, { name: 'robots', content: 'noindex' }];
};

export default function NotFound() {
  return <NotFoundPage toggle={<TranslationToggle />} />;
}
