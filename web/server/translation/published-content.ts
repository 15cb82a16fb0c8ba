import { getArticle } from '../../app/features/articles/api/get-article.server';
import { getArticles } from '../../app/features/articles/api/get-articles.server';
import type { Article } from '../../app/features/articles/api/article-types';
import type { ContactInfo } from '../../app/features/contact/api/contact-types';
import { getContact } from '../../app/features/contact/api/get-contact.server';
import { getLandingImages } from '../../app/features/landing/api/get-landing-images.server';
import { getProfiles, type Profile } from '../../app/features/profile/api/get-profiles.server';
import { getProject } from '../../app/features/projects/api/get-project.server';
import type { Project } from '../../app/features/projects/api/project-types';
import { getProjects } from '../../app/features/projects/api/get-projects.server';
import { getCategories } from '../../app/features/shell/api/get-categories.server';
import type { Category } from '../../app/lib/category';
import type { ContentClient } from '../../app/lib/content/content-client.server';
import { eachLimited } from '../../app/lib/each-limited';
import type { Media } from '../../app/lib/media';

/** Everything the site publishes, as its pages get it: every list, every project and article in full. */
export interface SiteContent {
  categories: Category[];
  projects: Project[];
  articles: Article[];
  profiles: Profile[];
  contact: ContactInfo | null;
  landing: Media[];
}

/**
 * Loads the whole site through the content cache (a memory read when the pages have been seen), so
 * what is derived from it (the texts the translation endpoint allows) knows pages this process has
 * not rendered yet. A part that cannot be loaded is left out; the pages report their own failures.
 */
export async function loadAllPublishedContent(client: ContentClient): Promise<SiteContent> {
  const quietly = <T>(load: Promise<T>, empty: T) => load.catch(() => empty);
  const [categories, projectList, articleList, profiles, contact, landing] = await Promise.all([
    quietly(getCategories({ client }), []),
    quietly(getProjects(undefined, { client }), []),
    quietly(getArticles({ client }), []),
    quietly(getProfiles({ client }), []),
    quietly(getContact({ client }), null),
    quietly(getLandingImages({ client }), []),
  ]);
  const projects: Project[] = [];
  const articles: Article[] = [];
  await eachLimited(projectList, 4, async ({ documentId }) => {
    const project = await quietly(getProject(documentId, { client }), null);
    if (project) projects.push(project);
  });
  await eachLimited(articleList, 4, async ({ documentId }) => {
    const article = await quietly(getArticle(documentId, { client }), null);
    if (article) articles.push(article);
  });
  return { categories, projects, articles, profiles, contact, landing };
}
