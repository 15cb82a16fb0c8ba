import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill, UI_TEMPLATES } from './ui-text';

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
  it('live in ui-text.ts (and the studio’s own in studio.ts), so the translation endpoint knows them all', () => {
    const strays = sources(APP)
      .filter((file) => !/lib\/(ui-text|studio)\.ts$/.test(file))
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
});
