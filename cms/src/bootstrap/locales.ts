import type { Core } from '@strapi/strapi';

/** The studio's source language unless configured otherwise (spec: Chinese), and English. */
export const DEFAULT_SOURCE_LOCALE = 'zh-Hans';
export const SECOND_LOCALE = 'en';

interface LocaleRow {
  code: string;
  name: string;
}

interface LocalesService {
  find(params?: Record<string, unknown>): Promise<LocaleRow[]>;
  create(locale: LocaleRow): Promise<LocaleRow>;
  getDefaultLocale(): Promise<string>;
  setDefaultLocale(locale: { code: string }): Promise<unknown>;
}

interface IsoLocalesService {
  getIsoLocales(): LocaleRow[];
}

/**
 * The locales every studio starts with (Strapi's i18n, issue 37): its source language as the
 * default (`CMS_DEFAULT_LOCALE`, `zh-Hans` out of the box) and English. Strapi creates `en` as its
 * default on an empty database; this makes the source language the default, at every start (the
 * configuration decides, not a click that a restart would undo). Locales the studio adds in
 * Settings → Internationalization are left alone.
 */
export async function ensureLocales(strapi: Core.Strapi, source = DEFAULT_SOURCE_LOCALE): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales') as LocalesService;
  const iso = strapi.plugin('i18n').service('iso-locales') as IsoLocalesService;
  const known = new Map(iso.getIsoLocales().map((locale) => [locale.code, locale]));
  if (!known.has(source)) throw new Error(`CMS_DEFAULT_LOCALE "${source}" is not a locale Strapi knows (e.g. zh-Hans, en, de, ja).`);
  const present = new Set((await locales.find()).map((locale) => locale.code));
  for (const code of [source, SECOND_LOCALE]) {
    if (!present.has(code)) await locales.create({ code, name: known.get(code)!.name });
  }
  if ((await locales.getDefaultLocale()) !== source) {
    await locales.setDefaultLocale({ code: source });
    strapi.log.info(`Default locale: ${source}`);
  }
}
