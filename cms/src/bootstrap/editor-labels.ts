import type { Core, UID } from '@strapi/strapi';
import type { StudioContentType } from './content-types';

interface FieldText {
  label: string;
  description: string;
  /** Not shown in the edit view (the fill's own bookkeeping). */
  hidden?: boolean;
  /** Shown, but kept by the CMS and the site, not the editor (a share link's address and opens). */
  readOnly?: boolean;
}

/** The folder an item came from (issue 40): `npm run import` finds it again by it. */
const IMPORT_SLUG: FieldText = {
  label: 'Import folder',
  description: 'The folder `npm run import` made this from (lower-case letters, digits, dashes): a later import of that folder updates this entry. Empty for work made here.',
};

/** Whether an item shows on the public site (issue 39): the same for every language. */
const VISIBILITY: FieldText = {
  label: 'Visibility',
  description: 'public: on the site for everyone. private: on no page, list, sitemap or feed of the site; only a share link shows it (and its pictures) to whom you send it. Publish to apply.',
};

/**
 * On every localized entry (issue 38): whose text a locale is, and whether its source changed since
 * it was written. The fingerprint of that source is the fill's own and not shown.
 */
const LOCALE_BOOKKEEPING: Record<string, FieldText> = {
  textBy: {
    label: 'Text by',
    description: 'machine: filled from the source language by the translation service, and filled again when the source changes. studio: yours, never overwritten (any save in this language makes it yours). Set it back to machine to let the translation service fill it again.',
  },
  sourceChanged: { label: 'Source changed', description: 'The source language’s text changed after the studio wrote this language: check this language against it; your next save here clears the mark.' },
  sourceHash: { label: 'Source fingerprint', description: 'Kept by the translation fill.', hidden: true },
};

/** What an editor sees above each field in the admin, and the hint under it. */
const FIELD_TEXT: Record<StudioContentType | 'api::share-link.share-link', Record<string, FieldText>> = {
  'api::category.category': {
    designType: { label: 'Category name', description: 'Shown in the category drawer and used to filter projects. Must be unique.' },
    icontype: { label: 'Icon', description: 'The icon the category drawer shows: all, brand, space, package, digital, illustration, type, photography or motion. Any other key shows none.' },
    projects: { label: 'Projects', description: 'Projects in this category (set on each project).' },
  },
  'api::project.project': {
    projectName: { label: 'Project name', description: 'Title on the tile and the detail page.' },
    author: { label: 'Author / designer', description: 'Who led the project; shown under the name.' },
    flextype: { label: 'Tile shape', description: 'Any value (e.g. "normal") gives a regular tile; leave empty for a tall tile spanning two rows.' },
    addTime: { label: 'Date', description: 'When the project was completed; shown on the detail page.' },
    description: { label: 'Description', description: 'A few sentences about the project for the detail page.' },
    images: { label: 'Images and videos', description: 'In display order. The first image is the cover (not repeated on the detail page). Videos: MP4 or WebM.' },
    category: { label: 'Category', description: 'Which category filter shows this project.' },
    visibility: VISIBILITY,
    slug: IMPORT_SLUG,
  },
  'api::article.article': {
    articleName: { label: 'Title', description: 'Article title, shown on the card (2 lines at most) and the article page.' },
    articleTime: { label: 'Date', description: 'Publication date shown on the article page.' },
    articleChief: { label: 'Summary', description: 'One or two sentences shown on the card under the title.' },
    articleImage: { label: 'Images and videos', description: 'The first image is the card cover; all of them form the carousel. Videos: MP4 or WebM.' },
    articleContent: { label: 'Text', description: 'The article body: headings, paragraphs, lists, quotes, links.' },
    visibility: VISIBILITY,
    slug: IMPORT_SLUG,
  },
  'api::share-link.share-link': {
    label: { label: 'For', description: 'Who the link is for (a client, a jury): only you see it.' },
    project: { label: 'Project', description: 'The project the link shows (choose a project or an article, not both).' },
    article: { label: 'Article', description: 'The article the link shows (choose a project or an article, not both).' },
    expiresAt: { label: 'Open until', description: 'After this the link shows “no longer valid”. Empty when made: 30 days from then.' },
    revoked: { label: 'Revoked', description: 'Tick to end the link now (deleting the entry ends it too). The page and its pictures stop opening within seconds.' },
    url: { label: 'Address to send', description: 'Copy this and send it. It shows the item without a draft of anything else; a preview link never should be sent instead.', readOnly: true },
    opens: { label: 'Opens', description: 'How many times the link was opened (no one is identified).', readOnly: true },
    lastOpenedAt: { label: 'Last opened', description: 'When the link was last opened.', readOnly: true },
    tokenHash: { label: 'Token fingerprint', description: 'Kept by the CMS.', hidden: true },
    tokenSealed: { label: 'Sealed token', description: 'Kept by the CMS.', hidden: true },
  },
  'api::profilelist.profilelist': {
    profileName: { label: 'Name', description: 'Person or studio name, shown as the title of the profile.' },
    profileDescribe: { label: 'Description', description: 'Biography or studio introduction.' },
    profileIcon: { label: 'Portrait', description: 'Portrait or logo, square works best.' },
    awardimage: { label: 'Award badges', description: 'Small award logos, shown 32 px high in a row.' },
    awardList: { label: 'Awards', description: 'One award per paragraph.' },
  },
  'api::first-page-img.first-page-img': {
    NavigationPage: { label: 'Landing background', description: 'A large landscape image (about 2400 px wide). All landing images rotate in random order.' },
  },
  'api::contact-mess.contact-mess': {
    wechatimg: { label: 'WeChat QR code', description: 'QR code of the studio WeChat account.' },
    woaImage: { label: 'Official account QR code', description: 'QR code of the WeChat official account.' },
    address: { label: 'Address', description: 'Studio address shown in the contact panel.' },
    phonenum: { label: 'Phone', description: 'Phone number; visitors can tap it to call.' },
    mail: { label: 'E-mail', description: 'Contact address; visitors can click it to write.' },
  },
  'api::studio.studio': {
    name: { label: 'Studio name', description: 'As written in this language (switch the locale above for the others). Page titles, the header and link previews show it.' },
    nameLatin: { label: 'Wordmark', description: 'The name in Latin letters, drawn in the site’s typeface in the header and on the landing page.' },
    subtitle: { label: 'Subtitle', description: 'What the studio does, in a few words (e.g. Brand · Space · Digital). Also in the projects page’s description.' },
    tagline: { label: 'Landing line', description: 'The line under the name on the landing page.' },
    description: { label: 'Description', description: 'One or two sentences about the studio, for search engines and the app a visitor installs.' },
    copyrightHolder: { label: 'Copyright holder', description: 'Shown as “© year holder” at the foot of the pages; the studio name when empty.' },
    filingNumber: { label: 'Filing number', description: 'A registration the law asks to show (e.g. an ICP number in China). Empty: no notice at all.' },
    filingUrl: { label: 'Filing link', description: 'Where the filing number leads (e.g. https://beian.miit.gov.cn/), opened in a new tab.' },
    country: { label: 'Country', description: 'Two letters (ISO 3166, e.g. CN, DE) of the address in the contact panel, for search engines.' },
    themeColor: { label: 'Theme colour', description: 'A colour such as #ffffff: the phone’s browser bar and the installed app’s background.' },
    logo: { label: 'Logo', description: 'An SVG (no scripts, no outside files) or a PNG, square works best: the header’s mark, the favicon and every app icon are made from it.' },
    shareImage: { label: 'Share picture', description: 'Shown when a page without a picture of its own is shared (1200 × 630 px or larger; set the focal point in the media library).' },
  },
  'api::ui-text.ui-text': {
    key: { label: 'Key', description: 'Which of the site’s words this is (set by the site: do not change it).' },
    text: { label: 'Text', description: 'The words in this language. English and Chinese come with the site; the other languages are filled by machine from the English and are yours to correct.' },
  },
  'api::media-text.media-text': {
    file: { label: 'Picture', description: 'The picture or video these words describe.' },
    alternativeText: { label: 'Alternative text', description: 'What the picture shows, in this language, for visitors who cannot see it (the media library holds the source language’s).' },
  },
};

type Metadatas = Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;

/**
 * Labels and descriptions live in the content manager's view configuration (normally edited
 * with "Configure the view"); writing them here keeps them in the repository. Editors' own
 * layout changes (field order, sizes) are kept.
 */
export async function applyEditorLabels(strapi: Core.Strapi): Promise<void> {
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  for (const [uid, own] of Object.entries(FIELD_TEXT)) {
    const fields: Record<string, FieldText> = { ...own, ...LOCALE_BOOKKEEPING };
    const contentType = contentTypes.findContentType(uid as UID.ContentType);
    if (!contentType) continue;
    const configuration = await contentTypes.findConfiguration(contentType);
    const metadatas: Metadatas = configuration.metadatas ?? {};
    let changed = false;
    for (const [field, text] of Object.entries(fields)) {
      const meta = metadatas[field];
      if (!meta?.edit) continue;
      const visible = !text.hidden;
      const editable = !text.readOnly;
      if (meta.edit.label !== text.label || meta.edit.description !== text.description || meta.edit.visible !== visible || meta.edit.editable !== editable) {
        meta.edit = { ...meta.edit, label: text.label, description: text.description, visible, editable };
        meta.list = { ...meta.list, label: text.label };
        changed = true;
      }
    }
    if (changed) {
      await contentTypes.updateConfiguration(contentType, {
        settings: configuration.settings,
        metadatas,
        layouts: configuration.layouts,
      });
    }
  }
}
