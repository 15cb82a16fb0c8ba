import fs from 'node:fs';
import path from 'node:path';

export interface Block {
  type: string;
  [key: string]: unknown;
}

/** The studio's texts in one language (the Studio single type's localized fields). */
export interface StudioTexts {
  name: string;
  nameLatin: string;
  subtitle: string;
  tagline: string;
  description: string;
  copyrightHolder: string;
}

export interface DemoContent {
  studio: StudioTexts & { filingNumber: string; filingUrl: string; country: string; themeColor: string; logo: string; english: StudioTexts };
  categories: Array<{ designType: string; icontype: string }>;
  projects: Array<{
    projectName: string;
    author: string;
    flextype: string | null;
    addTime: string;
    description: string;
    category: string;
    artwork: string;
    media: { images: number; video: boolean; portrait: boolean };
  }>;
  articles: Array<{
    articleName: string;
    articleTime: string;
    articleChief: string;
    articleContent: Block[];
    artwork: string;
    media: { images: number; video: boolean };
  }>;
  profiles: Array<{ profileName: string; profileDescribe: string; awards: string[]; badges: number; artwork: string }>;
  contact: { address: string; phonenum: string; mail: string; wechat: string; officialAccount: string };
  landing: Array<{ name: string; artwork: string }>;
  awardBadges: Array<{ name: string; artwork: string }>;
  videos: Array<{ file: string; name: string }>;
}

export const seedDir = (appRoot: string): string => path.join(appRoot, 'seed');

/** The demo content shipped in cms/seed/content.json (ours, so a shape check is enough). */
export function readDemoContent(appRoot: string): DemoContent {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(seedDir(appRoot), 'content.json'), 'utf8'));
  const keys = ['studio', 'categories', 'projects', 'articles', 'profiles', 'contact', 'landing', 'awardBadges', 'videos'];
  if (typeof raw !== 'object' || raw === null || !keys.every((key) => key in raw)) {
    throw new Error(`seed/content.json must have the keys ${keys.join(', ')}`);
  }
  return raw as DemoContent;
}
