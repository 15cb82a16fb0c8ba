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

export interface StudioTexts {
  name: string;
  subtitle: string;
  tagline: string;
  copyright: string;
}

/**
 * The studio's texts in each language. The filing number is not among them: it is a registration
 * in the national registry, shown as registered on both twins (marked Chinese on the English one).
 */
export const STUDIO_TEXT: Readonly<Record<'zh' | 'en', StudioTexts>> = {
  zh: { name: STUDIO.name, subtitle: STUDIO.subtitle, tagline: STUDIO.tagline, copyright: STUDIO.copyright },
  en: {
    name: 'Shiguang Design',
    subtitle: 'Brand · Space · Digital experience',
    tagline: 'Shiguang Design · Brand · Space · Digital experience',
    copyright: `© ${new Date().getFullYear()} Shiguang Design Studio. All rights reserved.`,
  },
};
