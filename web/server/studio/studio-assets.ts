import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { LRUCache } from 'lru-cache';
import { getLocales } from '~/lib/language/get-locales.server';
import { getStudio, type StudioRow } from '~/features/studio/api/get-studio.server';
import { logoSrcOf } from '~/features/studio/load-studio.server';
import type { ContentClient } from '~/lib/content/content-api';
import { notModified } from '../pages/page-cache';
import { DEFAULT_LOCALES, localeOfPrefix, localePath, type Language, type SiteLocales } from '~/lib/language/language';
import { siteRelativeUrl } from '~/lib/media/media';
import { DEFAULT_THEME_COLOR, UNNAMED_LATIN } from '~/lib/content/studio';
import { uiText } from '~/lib/language/ui-text';
import { ICONS, makeIcon, type IconPath, type MarkSource } from './studio-icons';

export interface StudioAssetsOptions {
  content: ContentClient;
  /** Where uploads are read from (the CMS's /uploads or the bucket). */
  mediaUrl: string;
  marks: MarkSource;
  /** How long browsers and shared caches may keep an answer (the pages' TTL). */
  ttlS: number;
  log?: (line: string) => void;
}

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * The studio's icons and web app manifest, made from its content (issue 37), never from files of
 * the build: `/favicon.svg`, `/favicon.ico`, `/apple-touch-icon.png`, `/icons/icon-{192,512,
 * maskable-512}.png` from its logo, and `/manifest.webmanifest` (and `/<locale>/…` for each of its
 * other locales, issue 38) from its names, lines and colour. A publish purges the studio's content like any other; the next request makes them
 * anew (each kept per logo). Answers carry an ETag; an address with the logo's version (`?v=`, as
 * the pages name them) may be kept for a year.
 */
export function studioAssets({ content, mediaUrl, marks, ttlS, log = console.warn }: StudioAssetsOptions): Router {
  const router = express.Router();
  const made = new LRUCache<string, Promise<Buffer>>({ max: 64 });
  const studioIn = (locale: string) =>
    getStudio({ client: content }, locale).catch((error: unknown) => {
      log(`[studio] the studio could not be read (${error instanceof Error ? error.message : String(error)}); defaults used`);
      return null;
    });
  const localesNow = () =>
    getLocales({ client: content }).catch((error: unknown) => {
      log(`[studio] the locales could not be read (${error instanceof Error ? error.message : String(error)}); defaults used`);
      return DEFAULT_LOCALES;
    });

  const send = (req: Request, res: Response, body: Buffer, type: string, versioned: boolean) => {
    const etag = etagOf(body);
    res.set({
      'content-type': type,
      etag,
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=86400`,
      'x-content-type-options': 'nosniff',
      // An SVG opened on its own is a document: it may run nothing.
      ...(type === 'image/svg+xml' ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" } : {}),
    });
    if (notModified(req.get('if-none-match') ?? null, etag)) return void res.status(304).end();
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  };

  const logoUrl = (row: StudioRow | null) => (row?.logo ? `${mediaUrl}${siteRelativeUrl(row.logo.url, { baseUrl: content.config.baseUrl, mediaBaseUrl: mediaUrl }).slice('/uploads'.length)}` : null);

  for (const icon of Object.keys(ICONS) as IconPath[]) {
    router.get(icon, async (req, res, next) => {
      try {
        const row = await studioIn((await localesNow()).source);
        const mark = await marks.markFor(logoUrl(row));
        const background = row?.themeColor || DEFAULT_THEME_COLOR;
        const key = `${mark.key} ${background} ${icon}`;
        let body = made.get(key);
        if (!body) {
          body = makeIcon(mark, icon, background);
          body.catch(() => made.delete(key));
          made.set(key, body);
        }
        const version = logoSrcOf(row).split('?v=')[1];
        send(req, res, await body, ICONS[icon].type, Boolean(version) && req.query.v === version);
      } catch (error) {
        next(error);
      }
    });
  }

  router.get(['/manifest.webmanifest', '/:lang/manifest.webmanifest'], async (req, res, next) => {
    try {
      const locales = await localesNow();
      const prefix = typeof req.params.lang === 'string' ? req.params.lang : undefined;
      const language = prefix === undefined ? locales.source : localeOfPrefix(prefix, locales);
      if (!language) return void next();
      const [source, own] = await Promise.all([studioIn(locales.source), language === locales.source ? null : studioIn(language)]);
      send(req, res, Buffer.from(JSON.stringify(manifest(own ?? source, source, language, locales))), 'application/manifest+json', false);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** The web app manifest of the studio in `language` (its texts there, else the source language's). */
export function manifest(texts: StudioRow | null, shared: StudioRow | null, language: Language, locales: SiteLocales) {
  const name = texts?.name || uiText(language).ui.unnamedStudio;
  const latin = texts?.nameLatin || UNNAMED_LATIN;
  const version = logoSrcOf(shared ?? texts).split('?')[1];
  const icon = (path: string) => (version ? `${path}?${version}` : path);
  const colour = (shared ?? texts)?.themeColor || DEFAULT_THEME_COLOR;
  return {
    name: latin && latin !== name ? `${name} ${latin}` : name,
    short_name: name,
    ...(texts?.description ? { description: texts.description } : {}),
    lang: language,
    start_url: localePath('/login', language, locales),
    scope: '/',
    display: 'standalone',
    background_color: colour,
    theme_color: colour,
    icons: [
      { src: icon('/favicon.svg'), type: 'image/svg+xml', sizes: 'any' },
      { src: icon('/icons/icon-192.png'), type: 'image/png', sizes: '192x192' },
      { src: icon('/icons/icon-512.png'), type: 'image/png', sizes: '512x512' },
      { src: icon('/icons/icon-maskable-512.png'), type: 'image/png', sizes: '512x512', purpose: 'maskable' },
    ],
  };
}
