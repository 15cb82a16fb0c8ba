/** The site's page that shows an entry of `uid` (what "Open preview" opens), or null for none. */
export function previewPath(uid: string, documentId: string | undefined): string | null {
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
