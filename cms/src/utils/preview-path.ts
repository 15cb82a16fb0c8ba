/**
 * The site's page that shows an entry of `uid` (what "Open preview" opens), or null for none; in
 * `locale` when that is not the source language (issue 38: a locale's pages live under its code,
 * in lower case, as the site spells them).
 */
export function previewPath(uid: string, documentId: string | undefined, locale?: { locale?: string | null; source: string }): string | null {
  const path = sourcePreviewPath(uid, documentId);
  if (!path || !locale?.locale || locale.locale === locale.source) return path;
  return `/${locale.locale.toLowerCase()}${path}`;
}

function sourcePreviewPath(uid: string, documentId: string | undefined): string | null {
  const id = documentId ? encodeURIComponent(documentId) : '';
  switch (uid) {
    case 'api::project.project':
      return id ? `/dailyPage/project/${id}?documentId=${id}` : '/dailyPage/project';
    case 'api::article.article':
      return id ? `/dailyPage/article/${id}?documentId=${id}` : '/dailyPage/article';
    case 'api::profilelist.profilelist':
      return '/dailyPage/profile';
    case 'api::contact-mess.contact-mess':
      return '/dailyPage/profile#contact';
    case 'api::first-page-img.first-page-img':
    case 'api::studio.studio':
      return '/login';
    case 'api::category.category':
      return '/dailyPage/project';
    default:
      return null;
  }
}
