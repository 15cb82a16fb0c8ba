/**
 * The studio's own name and registration, which are not CMS content in the spec. The filing
 * number is the ICP record shown on the landing page (spec 2); the registry is the national site.
 */
export const STUDIO = {
  name: '拾光设计',
  nameLatin: 'SHIGUANG STUDIO',
  subtitle: '品牌 · 空间 · 数字体验',
  /** The landing page's line under the title: the name and what the studio does. */
  tagline: '拾光设计 · 品牌 · 空间 · 数字体验',
  copyright: `© ${new Date().getFullYear()} 拾光设计工作室 版权所有`,
  filingNumber: '沪ICP备2024012345号-1',
  registryUrl: 'https://beian.miit.gov.cn/',
} as const;
