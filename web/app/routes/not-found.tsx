import { data } from 'react-router';
import { TranslationToggle } from '../features/translation/components/translation-toggle';
import { NotFoundPage } from '../components/not-found-page';
import { STUDIO } from '../lib/studio';
import { UI, fill } from '../lib/ui-text';

// Spec 2: every path not in the route table is the 404 page, with HTTP status 404.
export const loader = () => data(null, { status: 404 });

export const meta = () => [{ title: fill('pageTitle', { page: UI.notFoundTitle, studio: STUDIO.name }) }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundPage toggle={<TranslationToggle />} />;
}
