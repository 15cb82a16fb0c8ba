import { redirect } from 'react-router';
import { ALL_CATEGORY } from '~/lib/content/category';
import type { Language, SiteLocales } from '~/lib/language/language';
import { without } from '~/lib/request/page-params.server';
import type { CallOptions } from '~/lib/content/content-api';
import { getCategories } from './api/get-categories.server';

/**
 * The grid's filter: its key (the category's name in the source language, in every language's
 * address) and its name in the page's language; or a redirect without it when the studio has no
 * such category.
 */
export async function knownCategory(url: URL, { client, signal }: CallOptions, { language, locales }: { language: Language; locales: SiteLocales }): Promise<{ designType: string; label: string }> {
  const designType = url.searchParams.get('category') || ALL_CATEGORY.designType;
  if (designType === ALL_CATEGORY.designType) return { designType, label: designType };
  // The CMS away and nothing cached: the filter cannot be checked, so it is kept (spec 8: logged by the page's own load).
  const categories = await getCategories({ client, signal, locale: locales.source }).catch(() => null);
  const category = categories?.find((entry) => entry.designType === designType);
  if (categories && !category) throw redirect(without(url, 'category'));
  if (language === locales.source || !category?.documentId) return { designType, label: designType };
  const own = await getCategories({ client, signal, locale: language }).catch(() => null);
  return { designType, label: own?.find((entry) => entry.documentId === category.documentId)?.designType ?? designType };
}
