import { getArticle } from '../features/articles/api/get-article.server';
import { getArticles } from '../features/articles/api/get-articles.server';
import { getContact } from '../features/contact/api/get-contact.server';
import { getLandingImages } from '../features/landing/api/get-landing-images.server';
import { getProfiles } from '../features/profile/api/get-profiles.server';
import { getProject } from '../features/projects/api/get-project.server';
import { getProjects } from '../features/projects/api/get-projects.server';
import { getCategories } from '../features/shell/api/get-categories.server';
import { eachLimited } from './each-limited';

/**
 * Loads everything the site publishes through the content cache (every list, every project and
 * article), so what is derived from the cache (the texts the translation endpoint allows) knows
 * pages this process has not rendered yet. Failures are left to the pages to report.
 */
export async function loadAllPublishedContent(): Promise<void> {
  const quietly = <T>(load: Promise<T>, empty: T) => load.catch(() => empty);
  const [, projects, articles] = await Promise.all([
    quietly(getCategories(), []),
    quietly(getProjects(), []),
    quietly(getArticles(), []),
    quietly(getProfiles(), []),
    quietly(getContact(), null),
    quietly(getLandingImages(), []),
  ]);
  await eachLimited(projects, 4, (project) => getProject(project.documentId).catch(() => null));
  await eachLimited(articles, 4, (article) => getArticle(article.documentId).catch(() => null));
}
