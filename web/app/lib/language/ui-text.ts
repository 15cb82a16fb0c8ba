import { createContext, useContext, useMemo } from 'react';
import { DEFAULT_LOCALES, LanguageContext, languageOf, type Language, type SiteLocales } from './language';
import { unnamedStudio, type Studio } from '../content/studio';

/**
 * Every interface text the site shows (everything that is not CMS content), in one place: `UI` is
 * the Chinese, `UI_EN` the English the site carries itself (issue 28). Every other locale of the
 * studio gets its words from the CMS (issue 38: the site hands these to it, the CMS's fill
 * translates them from the English, the studio corrects them), read by the root loader. A test
 * keeps Chinese out of every other source file (ui-text.test.ts).
 */
export const UI = {
  home: '首页',
  // What a studio that has not named itself yet is called (issue 37).
  unnamedStudio: '工作室',
  skipToContent: '跳到正文',
  menu: '菜单',
  mainMenu: '主菜单',
  filterCategories: '筛选分类',
  projectCategories: '项目分类',
  closeContact: '关闭联系方式',
  enterGallery: '进入作品页 (CLICK OR SCROLL)',
  opensInNewTab: '（在新标签页打开）',
  pauseBackground: '暂停背景轮播',
  resumeBackground: '继续播放背景',
  projectList: '项目列表',
  allProjects: '全部项目',
  projects: '项目',
  projectNote: '如需了解项目详情或合作，请通过 CONTACT 与我们联系。',
  previousProject: '上一个',
  nextProject: '下一个',
  backToList: '返回列表',
  articles: '文章',
  articleList: '文章列表',
  previousArticle: '上一篇',
  nextArticle: '下一篇',
  previousSlide: '上一张',
  nextSlide: '下一张',
  closeViewer: '关闭全屏查看',
  playVideo: '播放视频',
  pauseVideo: '暂停视频',
  unmuteVideo: '打开声音',
  muteVideo: '关闭声音',
  videoProgress: '视频进度',
  previousMedia: '上一项',
  nextMedia: '下一项',
  viewFullScreen: '全屏查看',
  previewMarker: '预览：这是草稿，访客看不到',
  exitPreview: '退出预览',
  pager: '翻页',
  profile: '简介',
  studioProfile: '工作室简介',
  awards: '获奖',
  award: '奖项',
  wechat: '微信',
  officialAccount: '公众号',
  wechatQr: '微信二维码',
  officialAccountQr: '公众号二维码',
  address: '地址',
  phone: '电话',
  email: '邮箱',
  notFound: '抱歉，您访问的页面不存在。',
  notFoundTitle: '页面不存在',
  // A share link (issue 39): what it says once the studio ended it, and what it is while it opens.
  linkGone: '此链接已失效。',
  linkGoneTitle: '链接已失效',
  linkGoneHelp: '如需继续查看，请联系工作室获取新的链接。',
  contactStudio: '联系工作室',
  sharedPrivately: '此页面经工作室分享给您，未在网站上公开。',
  visitStudioSite: '访问工作室网站',
  backHome: '返回首页',
  seeProjects: '浏览项目',
  unavailable: '页面暂时无法显示，请稍后再试。',
  // A studio that has just started: what each page says while it has nothing to show (issue 37).
  noProjects: '这里还没有项目。',
  noProjectsInCategory: '这个分类里还没有项目。',
  noArticles: '这里还没有文章。',
  noProfiles: '这里还没有工作室简介。',
  // A page of a language some content has not been translated into yet (issue 38).
  notTranslated: '本页部分内容尚未翻译，暂以原文显示。',
  languages: '语言',
} as const;

export type UiTexts = Record<keyof typeof UI, string>;

/** The English pages' interface: every key of `UI`, in English (the type keeps the two in step). */
export const UI_EN: UiTexts = {
  home: 'Home',
  unnamedStudio: 'Studio',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  mainMenu: 'Main menu',
  filterCategories: 'Filter by category',
  projectCategories: 'Project categories',
  closeContact: 'Close contact details',
  enterGallery: 'Enter the gallery (CLICK OR SCROLL)',
  opensInNewTab: '(opens in a new tab)',
  pauseBackground: 'Pause the background slideshow',
  resumeBackground: 'Resume the background slideshow',
  projectList: 'Project list',
  allProjects: 'All projects',
  projects: 'Projects',
  projectNote: 'To learn more about a project or to work with us, get in touch through CONTACT.',
  previousProject: 'Previous',
  nextProject: 'Next',
  backToList: 'Back to list',
  articles: 'Articles',
  articleList: 'Article list',
  previousArticle: 'Previous',
  nextArticle: 'Next',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  closeViewer: 'Close full screen',
  playVideo: 'Play video',
  pauseVideo: 'Pause video',
  unmuteVideo: 'Sound on',
  muteVideo: 'Sound off',
  videoProgress: 'Video progress',
  previousMedia: 'Previous item',
  nextMedia: 'Next item',
  viewFullScreen: 'View full screen',
  previewMarker: 'Preview: this is a draft, visitors cannot see it',
  exitPreview: 'Exit preview',
  pager: 'Pages',
  profile: 'Profile',
  studioProfile: 'Studio profile',
  awards: 'Awards',
  award: 'Award',
  wechat: 'WeChat',
  officialAccount: 'Official account',
  wechatQr: 'WeChat QR code',
  officialAccountQr: 'Official account QR code',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  notFound: 'Sorry, the page you visited does not exist.',
  notFoundTitle: 'Page not found',
  linkGone: 'This link is no longer valid.',
  linkGoneTitle: 'Link no longer valid',
  linkGoneHelp: 'To keep looking, ask the studio for a new link.',
  contactStudio: 'Contact the studio',
  sharedPrivately: 'Shared with you by the studio: this page is not on the public site.',
  visitStudioSite: 'Visit the studio’s site',
  backHome: 'Back to home',
  seeProjects: 'See the projects',
  unavailable: 'This page cannot be shown right now. Please try again later.',
  noProjects: 'No projects here yet.',
  noProjectsInCategory: 'No projects in this category yet.',
  noArticles: 'No articles here yet.',
  noProfiles: 'No studio profile here yet.',
  notTranslated: 'Parts of this page are not translated yet and are shown in their original language.',
  languages: 'Language',
};


/** Interface texts with a part filled in on the page, as `{name}` holes (`fill`). */
export const UI_TEMPLATES = {
  slide: '第 {n} 张',
  carousel: '{name} 图片与视频',
  viewItem: '全屏查看：{name}',
  viewer: '{name}：全屏查看',
  qrCode: '{caption}二维码',
  studioHome: '{studio} 首页',
  pageTitle: '{page} · {studio}',
  categoryTitle: '{category} · {page} · {studio}',
  mediaCount: '共 {count} 项',
  // Descriptions for search engines and link previews (the pages' <meta name="description">),
  // from the studio's own name and lines (issue 37).
  projectsDescription: '{studio}的项目作品。{subtitle}',
  articlesDescription: '{studio}的文章：项目背后的过程与方法。',
  profileDescription: '{studio}的团队、获奖与联系方式。',
  copyright: '© {year} {holder} 版权所有',
} as const;

export type UiTemplate = keyof typeof UI_TEMPLATES;

export const UI_TEMPLATES_EN: Record<UiTemplate, string> = {
  slide: 'Slide {n}',
  carousel: '{name}: pictures and videos',
  viewItem: 'View full screen: {name}',
  viewer: '{name}: full screen',
  qrCode: '{caption} QR code',
  studioHome: '{studio} home',
  pageTitle: '{page} · {studio}',
  categoryTitle: '{category} · {page} · {studio}',
  mediaCount: '{count} items',
  projectsDescription: 'Projects by {studio}. {subtitle}',
  articlesDescription: 'Articles from {studio}: the process and methods behind the projects.',
  profileDescription: 'The team, awards and contact details of {studio}.',
  copyright: '© {year} {holder}. All rights reserved.',
};

/** A locale's interface: its words and its templates. */
export interface Interface {
  ui: UiTexts;
  templates: Record<UiTemplate, string>;
}

/** The languages the site writes itself (the CMS's locale codes). */
export const HAND_WRITTEN: Readonly<Record<string, Interface>> = {
  'zh-Hans': { ui: UI, templates: UI_TEMPLATES },
  en: { ui: UI_EN, templates: UI_TEMPLATES_EN },
};

/** A template's key among the CMS's interface texts (the words' keys are their own). */
export const templateKey = (template: UiTemplate) => `template.${template}`;

/** The interface as the CMS keeps it (issue 38): each key once, templates under `template.*`. */
export const interfaceEntries = ({ ui, templates }: Interface): Record<string, string> => ({
  ...ui,
  ...Object.fromEntries(Object.entries(templates).map(([name, text]) => [templateKey(name as UiTemplate), text])),
});

const holes = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort().join();

/**
 * A locale's interface from the CMS's texts, key by key over the English: a text missing there, or
 * a template whose holes the machine lost, stays English.
 */
export function interfaceFrom(texts: Readonly<Record<string, string>>): Interface {
  const english = HAND_WRITTEN.en!;
  const ui = Object.fromEntries(Object.entries(english.ui).map(([key, text]) => [key, texts[key]?.trim() || text])) as UiTexts;
  const templates = Object.fromEntries(
    Object.entries(english.templates).map(([name, text]) => {
      const own = texts[templateKey(name as UiTemplate)]?.trim();
      return [name, own && holes(own) === holes(text) ? own : text];
    }),
  ) as Record<UiTemplate, string>;
  return { ui, templates };
}

/** The interface of `language`: its own, the CMS's for the locales the site does not write, else English. */
export const interfaceOf = (language: Language, fromCms?: Readonly<Record<string, string>> | null): Interface =>
  HAND_WRITTEN[language] ?? (fromCms ? interfaceFrom(fromCms) : HAND_WRITTEN.en!);

/** A template with its holes filled. */
export function fillIn(templates: Record<UiTemplate, string>, template: UiTemplate, values: Record<string, string | number>): string {
  return templates[template].replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}

/** A template of the source language's interface (Chinese) with its holes filled. */
export const fill = (template: UiTemplate, values: Record<string, string | number>, language: Language = 'zh-Hans') =>
  fillIn(interfaceOf(language).templates, template, values);

/** What a page in `language` says: its interface, the studio's identity, and filled templates. */
export interface PageTexts {
  language: Language;
  /** The studio's locales (the page's address in another is `localePath(path, language, locales)`). */
  locales: SiteLocales;
  ui: UiTexts;
  studio: Studio;
  fill: (template: UiTemplate, values: Record<string, string | number>) => string;
}

type InterfaceTexts = Pick<PageTexts, 'language' | 'ui' | 'fill'>;

const textsOf = (language: Language, own: Interface): InterfaceTexts => ({ language, ui: own.ui, fill: (template, values) => fillIn(own.templates, template, values) });

/** The interface texts of a page in `language` (no studio: for the server's own words). */
export const uiText = (language: Language, fromCms?: Readonly<Record<string, string>> | null): InterfaceTexts => textsOf(language, interfaceOf(language, fromCms));

/** What the root loader gives every page about its language (root.tsx). */
export interface RootData {
  studio?: Studio;
  language?: Language;
  locales?: SiteLocales;
  /** The interface from the CMS, for a locale the site does not write itself. */
  interface?: Record<string, string> | null;
  /** The studio's texts shown in the source language for want of the page's (issue 38). */
  fallback?: string[];
}

/** The texts of the page a meta function describes: its interface, and the studio from the root loader. */
export function metaTexts({ location, matches }: { location: { pathname: string }; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> }): PageTexts {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const locales = root?.locales ?? DEFAULT_LOCALES;
  const language = root?.language ?? languageOf(location.pathname, locales);
  return pageTexts(language, locales, root);
}

/** What a page in `language` of a studio with `locales` says, from the root loader's `root` (if any). */
export function pageTexts(language: Language, locales: SiteLocales, root?: Pick<RootData, 'interface' | 'studio'>): PageTexts {
  const texts = uiText(language, root?.interface);
  return { ...texts, locales, studio: root?.studio ?? unnamedStudio(texts.ui.unnamedStudio) };
}

/**
 * The texts of the page being shown, made once per language and root data by the root layout
 * (root.tsx). A context of their own, not `useRouteLoaderData('root')` in every component: that
 * reads the router's data, which is new with every move, so each of the thirty-odd components that
 * show a word of the interface (the shell's header and drawers, every media item) rendered again
 * with each move although their words had not changed (issue 41: a move's time is the main
 * thread's).
 */
export const PageTextsContext = createContext<PageTexts | null>(null);

/** The texts of the page being shown (without the root layout, as in unit tests: the language's own, no studio). */
export function useUi(): PageTexts {
  const provided = useContext(PageTextsContext);
  const { language, locales } = useContext(LanguageContext);
  return useMemo(() => provided ?? pageTexts(language, locales), [provided, language, locales]);
}
