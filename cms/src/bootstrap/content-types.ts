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
  // The site's interface and the pictures' texts in the studio's other languages (issue 38).
  'api::ui-text.ui-text': ['find'],
  'api::media-text.media-text': ['find'],
} as const;

/** Actions of Strapi's own plugins anonymous visitors may call: which locales the studio has (issue 38). */
export const PUBLIC_PLUGIN_ACTIONS = ['plugin::i18n.locales.listLocales'] as const;

export type StudioContentType = keyof typeof PUBLIC_READ_ACTIONS;

export const publicActionNames = (): string[] => [
  ...Object.entries(PUBLIC_READ_ACTIONS).flatMap(([uid, actions]) => actions.map((action) => `${uid}.${action}`)),
  ...PUBLIC_PLUGIN_ACTIONS,
];
