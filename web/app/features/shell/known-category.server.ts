import { redirect } from 'react-router';
import { ALL_CATEGORY } from '../../lib/category';
import { without } from '../../lib/page-params.server';
import type { CallOptions } from '../../lib/content/content-client.server';
import { getCategories } from './api/get-categories.server';

/** The grid's filter, or a redirect without it when the studio has no such category. */
export async function knownCategory(url: URL, { client, signal }: CallOptions): Promise<string> {
  const category = url.searchParams.get('category') || ALL_CATEGORY.designType;
  if (category === ALL_CATEGORY.designType) return category;
  // The CMS away and nothing cached: the filter cannot be checked, so it is kept (spec 8: logged by the page's own load).
  const categories = await getCategories({ client, signal }).catch(() => null);
  if (categories && !categories.some((entry) => entry.designType === category)) throw redirect(without(url, 'category'));
  return category;
}
