import { data } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';

// Spec 2: every path not in the route table is the 404 page, with HTTP status 404.
export const loader = () => data(null, { status: 404 });

export const meta = () => [{ title: '页面不存在 · 拾光设计' }];

export default function NotFound() {
  return <NotFoundPage />;
}
