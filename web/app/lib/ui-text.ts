import { STUDIO } from './studio';

/**
 * Every interface text the site shows (everything Chinese that is not CMS content), in one place.
 * Components take their words from here, and the translation endpoint translates exactly these
 * and the content's own texts, nothing else (web/server/translation/published-texts.ts). A test
 * keeps Chinese out of every other source file (ui-text.test.ts).
 */
export const UI = {
  home: '首页',
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
  languageToggleTitle: '中文 / English',
  translationFailed: '网络错误 / Translation unavailable',
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
  // Descriptions for search engines and link previews (the pages' <meta name="description">).
  siteDescription: '拾光设计工作室：品牌、空间与数字体验设计。作品、文章与团队介绍。',
  projectsDescription: '拾光设计工作室的作品：品牌、空间与数字体验设计项目。',
  articlesDescription: '拾光设计工作室的文章：项目背后的过程、方法与日常。',
  profileDescription: '拾光设计工作室的团队、获奖与联系方式。',
} as const;

/**
 * Interface texts with a part filled in on the page, as `{name}` holes. Only `fill` makes them,
 * so the endpoint can recognise them: a hole holds a number or a text the site publishes.
 */
export const UI_TEMPLATES = {
  slide: '第 {n} 张',
  carousel: '{name} 图片与视频',
  viewItem: '全屏查看：{name}',
  viewer: '{name}：全屏查看',
  qrCode: '{caption}二维码',
  studioHome: '{studio} 首页',
  pageTitle: '{page} · {studio}',
  categoryTitle: '{category} · {page} · {studio}',
} as const;

export type UiTemplate = keyof typeof UI_TEMPLATES;

/** A template with its holes filled. */
export function fill(template: UiTemplate, values: Record<string, string | number>): string {
  return UI_TEMPLATES[template].replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}

/** The studio's own texts the pages show (its name, line, copyright and filing number). */
export const STUDIO_TEXTS: readonly string[] = [STUDIO.name, STUDIO.subtitle, STUDIO.tagline, STUDIO.copyright, STUDIO.filingNumber];
