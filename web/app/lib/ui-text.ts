import { useRouteLoaderData } from 'react-router';
import { languageOf, useLanguage, type Language } from './language';
import { unnamedStudio, type Studio } from './studio';

/**
 * Every interface text the site shows (everything that is not CMS content), in one place and in
 * both languages: `UI` is the Chinese, `UI_EN` the English twin's dictionary (issue 28). Components
 * take their words from `useUi()`, meta functions from `uiText(language)`. A test keeps Chinese out
 * of every other source file (ui-text.test.ts).
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
  backHome: '返回首页',
  seeProjects: '浏览项目',
  unavailable: '页面暂时无法显示，请稍后再试。',
  // A studio that has just started: what each page says while it has nothing to show (issue 37).
  noProjects: '这里还没有项目。',
  noProjectsInCategory: '这个分类里还没有项目。',
  noArticles: '这里还没有文章。',
  noProfiles: '这里还没有工作室简介。',
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
  backHome: 'Back to home',
  seeProjects: 'See the projects',
  unavailable: 'This page cannot be shown right now. Please try again later.',
  noProjects: 'No projects here yet.',
  noProjectsInCategory: 'No projects in this category yet.',
  noArticles: 'No articles here yet.',
  noProfiles: 'No studio profile here yet.',
};

/** The language toggle's letters (drawn in the wordmark's face, beside it in the header). */
export const LANGUAGE_LABELS = 'CN EN';

/** Each language's own name, as the language toggle says where it leads (in that language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { zh: '中文', en: 'English' };

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

const TEMPLATES: Record<Language, Record<UiTemplate, string>> = { zh: UI_TEMPLATES, en: UI_TEMPLATES_EN };

/** A template with its holes filled, in `language` (Chinese unless said). */
export function fill(template: UiTemplate, values: Record<string, string | number>, language: Language = 'zh'): string {
  return TEMPLATES[language][template].replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}

/** What a page in `language` says: its interface, the studio's identity, and filled templates. */
export interface PageTexts {
  language: Language;
  ui: UiTexts;
  studio: Studio;
  fill: (template: UiTemplate, values: Record<string, string | number>) => string;
}

const INTERFACE: Record<Language, Omit<PageTexts, 'studio'>> = {
  zh: { language: 'zh', ui: UI, fill: (template, values) => fill(template, values, 'zh') },
  en: { language: 'en', ui: UI_EN, fill: (template, values) => fill(template, values, 'en') },
};

/** The interface texts of a page in `language` (no studio: for the server's own words). */
export const uiText = (language: Language): Omit<PageTexts, 'studio'> => INTERFACE[language];

interface RootData {
  studio?: Studio;
}

/** The texts of the page a meta function describes: its interface, and the studio from the root loader. */
export function metaTexts({ location, matches }: { location: { pathname: string }; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> }): PageTexts {
  const language = languageOf(location.pathname);
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  return { ...INTERFACE[language], studio: root?.studio ?? unnamedStudio(INTERFACE[language].ui.unnamedStudio) };
}

/** The studio of the page being shown (the root loader's); a placeholder before any was loaded. */
export function useStudio(language: Language): Studio {
  return useRouteLoaderData<RootData>('root')?.studio ?? unnamedStudio(INTERFACE[language].ui.unnamedStudio);
}

/** The texts of the page being shown. */
export function useUi(): PageTexts {
  const language = useLanguage();
  return { ...INTERFACE[language], studio: useStudio(language) };
}

/**
 * The English of an interface text given in Chinese (a default alt text a content call filled in
 * from `UI`): the dictionary's, so the English pages never send the interface to the provider.
 */
export const INTERFACE_ENGLISH: ReadonlyMap<string, string> = new Map((Object.keys(UI) as Array<keyof typeof UI>).map((key) => [UI[key], UI_EN[key]] as const));
