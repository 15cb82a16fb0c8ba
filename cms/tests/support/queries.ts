/** The calls of spec section 7, in exactly the query shape the site sends. */
export const PROJECTS =
  '/api/projects?populate[images][fields][0]=url&populate[images][fields][1]=ext' +
  '&fields[0]=projectName&fields[1]=author&fields[2]=flextype&sort[0]=projectName:asc';
export const projectsOf = (designType: string) =>
  `${PROJECTS}&filters[category][designType][$eq]=${encodeURIComponent(designType)}`;
export const project = (documentId: string) =>
  `/api/projects/${documentId}?populate[images][fields][0]=url&populate[images][fields][1]=ext`;
export const ARTICLES =
  '/api/articles?fields[0]=articleName&fields[1]=articleTime&fields[2]=articleChief' +
  '&populate[articleImage][fields][0]=url&populate[articleImage][fields][1]=ext';
export const article = (documentId: string) =>
  `/api/articles/${documentId}?populate[articleImage][fields][0]=url&populate[articleImage][fields][1]=ext`;
export const CATEGORIES = '/api/categories';
export const FIRST_PAGE_IMGS = '/api/first-page-imgs?populate[NavigationPage][fields][0]=name&populate[NavigationPage][fields][1]=url';
export const PROFILES = '/api/profilelists?populate[awardimage][fields][0]=url&populate[profileIcon][fields][0]=url';
export const CONTACT = '/api/contact-mess?populate[wechatimg][fields][0]=url&populate[woaImage][fields][0]=url';
