import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill, HAND_WRITTEN, interfaceEntries, interfaceFrom, templateKey, uiText, UI_EN, UI_TEMPLATES, UI_TEMPLATES_EN } from './ui-text';

const APP = path.resolve(import.meta.dirname, '..');
const HAN = /\p{Script=Han}/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('interface texts', () => {
  it('live in ui-text.ts (and the studio’s own in studio.ts), so the CMS is given them all to fill into other languages', () => {
    const strays = sources(APP)
      .filter((file) => !/lib\/(language\/ui-text|content\/studio)\.ts$/.test(file))
      .flatMap((file) => {
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
        return code.split('\n').filter((line) => HAN.test(line)).map((line) => `${path.relative(APP, file)}: ${line.trim()}`);
      });
    expect(strays).toEqual([]);
  });

  it('fills a template’s holes and leaves the rest as written', () => {
    expect(fill('slide', { n: 3 })).toBe('第 3 张');
    expect(fill('categoryTitle', { category: '品牌', page: '项目', studio: '拾光设计' })).toBe('品牌 · 项目 · 拾光设计');
    for (const template of Object.values(UI_TEMPLATES)) expect(template).toMatch(/\{\w+\}/);
  });

  it('are written by hand for Chinese and English, key for key', () => {
    const zh = HAND_WRITTEN['zh-Hans']!;
    const en = HAND_WRITTEN.en!;
    expect(Object.keys(en.ui).sort()).toEqual(Object.keys(zh.ui).sort());
    expect(Object.keys(en.templates).sort()).toEqual(Object.keys(zh.templates).sort());
    for (const [name, template] of Object.entries(UI_TEMPLATES_EN)) expect(template.match(/\{\w+\}/g)?.sort()).toEqual(UI_TEMPLATES[name as keyof typeof UI_TEMPLATES].match(/\{\w+\}/g)?.sort());
  });
});

describe('the interface of another locale (issue 38)', () => {
  it('is what the CMS filled, key by key over the English', () => {
    const entries = interfaceEntries(HAND_WRITTEN.en!);
    expect(entries[templateKey('slide')]).toBe(UI_TEMPLATES_EN.slide);
    const german = interfaceFrom({ projects: 'Projekte', [templateKey('slide')]: 'Bild {n}' });
    expect(german.ui.projects).toBe('Projekte');
    expect(german.ui.skipToContent).toBe(UI_EN.skipToContent);
    expect(uiText('de', { [templateKey('slide')]: 'Bild {n}' }).fill('slide', { n: 2 })).toBe('Bild 2');
  });

  it('keeps the English of a template whose holes the machine lost or renamed', () => {
    expect(interfaceFrom({ [templateKey('slide')]: 'Bild' }).templates.slide).toBe(UI_TEMPLATES_EN.slide);
    expect(interfaceFrom({ [templateKey('slide')]: 'Bild {nummer}' }).templates.slide).toBe(UI_TEMPLATES_EN.slide);
  });

  it('is English while the CMS has none for the locale', () => {
    expect(uiText('ja').ui).toEqual(UI_EN);
  });
});
