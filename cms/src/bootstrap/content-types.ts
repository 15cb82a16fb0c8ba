/** The studio's content types, by uid, with the actions anonymous visitors may call. */
export const PUBLIC_READ_ACTIONS = {
  'api::category.category': ['find', 'findOne'],
  'api::project.project': ['find', 'findOne'],
  'api::article.article': ['find', 'findOne'],
  'api::profilelist.profilelist': ['find', 'findOne'],
  'api::first-page-img.first-page-img': ['find', 'findOne'],
  'api::contact-mess.contact-mess': ['find'],
  // The studio's identity (issue 37): every page shows it.
  'api::studio.studio': ['find'],
  // English of the site's texts (machine and the studio's): public like the texts themselves.
  'api::translation.translation': ['find'],
} as const;

export type StudioContentType = keyof typeof PUBLIC_READ_ACTIONS;

export const publicActionNames = (): string[] =>
  Object.entries(PUBLIC_READ_ACTIONS).flatMap(([uid, actions]) => actions.map((action) => `${uid}.${action}`));
