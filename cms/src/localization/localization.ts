import type { Core } from '@strapi/strapi';
import { createBudget } from './budget';
import { BudgetSpent, createFiller, isFilling } from './fill';
import { MEDIA_TEXT, TRANSLATABLE, UI_TEXT, hashOf, sourceTexts, translatableOf } from './fields';
import { createJobQueue, type FillJob } from './jobs';
import { myMemory, TranslationError, type Provider } from './provider';

export interface LocalizationSettings {
  /** The MyMemory-compatible provider (TRANSLATE_URL), and the address it may write to (TRANSLATE_EMAIL). */
  providerUrl: string;
  email?: string;
  /** Characters a day the fill may send (TRANSLATE_DAILY_CHARS). */
  dailyChars: number;
  /** First wait after a failed fill; doubled each time up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** How often the leader looks for due work. */
  intervalMs: number;
  /** Where the site hears of a locale added or removed (its content webhook). */
  site?: { url: string; secret: string };
}

interface LocaleRow {
  code: string;
}

/**
 * The CMS's own translation (issue 38): every locale but the source is filled by the machine once,
 * when its source is published (or a locale is added), by the leader, from a queue in the database
 * that retries with back-off; an editor's save in a locale makes it the studio's. Pages never call
 * the provider: they read each locale from the CMS like the source.
 */
export function createLocalization(strapi: Core.Strapi, settings: LocalizationSettings, provider: Provider = myMemory({ baseUrl: settings.providerUrl, email: settings.email })) {
  const db = strapi.db.connection;
  const i18n = () => strapi.plugin('i18n').service('locales') as { find(): Promise<LocaleRow[]>; getDefaultLocale(): Promise<string> };
  const defaultLocale = () => i18n().getDefaultLocale();
  const budget = createBudget(db, { dailyChars: settings.dailyChars });
  const queue = createJobQueue(db, { retryMs: settings.retryMs, maxRetryMs: settings.maxRetryMs });
  const filler = createFiller({ strapi, provider, budget, defaultLocale });
  const log = strapi.log;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** Drains what is due, one job after another; never two at once on this instance. */
  const tick = async (isLeader: () => boolean) => {
    if (running || !isLeader()) return;
    running = true;
    try {
      while (isLeader() && (await runDue()) > 0) {
        // until nothing is due now
      }
    } catch (error) {
      log.warn(`[fill] ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };

  const otherLocales = async () => {
    const source = await defaultLocale();
    return (await i18n().find()).map((locale) => locale.code).filter((code) => code !== source);
  };

  /** Every document (or file) that has text to fill, as [uid, documentId] pairs, in fill order. */
  async function everything(): Promise<Array<[string, string]>> {
    const source = await defaultLocale();
    const pairs: Array<[string, string]> = [];
    for (const type of TRANSLATABLE) {
      const rows = (await strapi.db.query(type.uid as never).findMany({ where: { locale: source }, select: ['documentId'] })) as Array<{ documentId: string }>;
      for (const documentId of new Set(rows.map((row) => row.documentId))) pairs.push([type.uid, documentId]);
    }
    const interfaceTexts = (await strapi.db.query(UI_TEXT as never).findMany({ where: { locale: 'en' }, select: ['documentId'] })) as Array<{ documentId: string }>;
    for (const row of interfaceTexts) pairs.push([UI_TEXT, row.documentId]);
    const files = (await strapi.db.query('plugin::upload.file').findMany({ where: { alternativeText: { $notNull: true } }, select: ['id'] })) as Array<{ id: number }>;
    for (const file of files) pairs.push([MEDIA_TEXT, `file:${file.id}`]);
    return pairs;
  }

  /** Asks for every locale (or `locales`) of these documents to be filled. */
  async function ask(pairs: ReadonlyArray<[string, string]>, locales?: string[]): Promise<void> {
    const targets = locales ?? (await otherLocales());
    await queue.add(pairs.flatMap(([uid, documentId]) => targets.map((locale) => ({ uid, documentId, locale }))));
  }

  const nextUtcDay = () => {
    const next = new Date();
    next.setUTCHours(24, 0, 30, 0);
    return next.getTime();
  };

  /** Runs what is due, one job after another; a failure waits its back-off, a spent budget the next day. */
  async function runDue(limit = 20): Promise<number> {
    const jobs = await queue.due(limit);
    for (const job of jobs) await runOne(job);
    return jobs.length;
  }

  async function runOne(job: FillJob): Promise<void> {
    try {
      // A locale removed since it was asked for: nothing to write (nor anything to write into).
      if (!(await otherLocales()).includes(job.locale)) return void (await queue.done(job));
      await filler.fill(job);
      await queue.done(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const tomorrow = error instanceof BudgetSpent || (error instanceof TranslationError && error.quota);
      const dueAt = await queue.failed(job, message, tomorrow ? nextUtcDay() : undefined);
      log.warn(`[fill] ${job.uid.split('.').pop()} ${job.documentId} → ${job.locale} failed (attempt ${job.attempts + 1}): ${message}; again at ${new Date(dueAt).toISOString()}`);
    }
  }

  /** Tells the site the studio's locales changed (a locale's addresses appear or go at once). */
  async function tellSite(event: string): Promise<void> {
    if (!settings.site) return;
    await fetch(settings.site.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.site.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event, model: 'locale' }),
      signal: AbortSignal.timeout(5_000),
    }).catch((error: unknown) => log.warn(`[locales] the site was not told (${error instanceof Error ? error.message : String(error)}); it sees the change at its content TTL`));
  }

  /** The hash of a document's source texts now (what a studio's own locale is recorded against). */
  async function sourceHashOf(uid: string, documentId: string | undefined): Promise<string | undefined> {
    if (!documentId) return undefined;
    if (uid === UI_TEXT) {
      const english = (await strapi.db.query(UI_TEXT as never).findOne({ where: { documentId, locale: 'en' }, select: ['text'] })) as { text?: string } | null;
      return english?.text ? hashOf([english.text]) : undefined;
    }
    const type = translatableOf(uid);
    if (!type) return undefined;
    const source = await defaultLocale();
    const where = { documentId, locale: source, ...(type.drafts ? { publishedAt: { $notNull: true } } : {}) };
    const row = (await strapi.db.query(uid as never).findOne({ where })) as Record<string, unknown> | null;
    return row ? hashOf(sourceTexts(type, row)) : undefined;
  }

  return {
    budget,
    queue,
    filler,
    ask,
    runDue,
    everything,
    tellSite,

    /**
     * Document Service middleware (every instance): an editor's save in a locale other than the
     * source makes that locale the studio's (unless they hand it back: Text by = machine); a
     * publish of the source (a save, for types without drafts) asks for the other locales.
     */
    register(): void {
      const localized = new Set<string>([...TRANSLATABLE.map((type) => type.uid), UI_TEXT, MEDIA_TEXT]);
      strapi.documents.use(async (context, next) => {
        if (!localized.has(context.uid) || isFilling()) return next();
        const params = context.params as { locale?: string; documentId?: string; data?: Record<string, unknown> };
        const source = await defaultLocale();
        const locale = params.locale ?? source;
        const edit = (context.action === 'create' || context.action === 'update') && params.data && locale !== source && locale !== '*';
        // Handed back to the machine: what is there is no translation of any source, so it is filled anew.
        const handedBack = edit && params.data!.textBy === 'machine';
        if (handedBack) params.data = { ...params.data, sourceChanged: false, sourceHash: null };
        else if (edit) params.data = { ...params.data, textBy: 'studio', sourceChanged: false, sourceHash: (await sourceHashOf(context.uid, params.documentId)) ?? null };
        const result = await next();
        if (handedBack && params.documentId) void ask([[context.uid, params.documentId]], [locale]).catch((error: unknown) => log.warn(`[fill] not asked for ${params.documentId}: ${String(error)}`));
        const type = translatableOf(context.uid);
        const changesSource = locale === source && type && (type.drafts ? context.action === 'publish' : context.action === 'create' || context.action === 'update');
        const englishInterface = context.uid === UI_TEXT && locale === 'en' && (context.action === 'create' || context.action === 'update');
        if (changesSource || englishInterface) {
          const documentId = params.documentId ?? (result as { documentId?: string } | null)?.documentId;
          if (documentId) void ask([[context.uid, documentId]]).catch((error: unknown) => log.warn(`[fill] not asked for ${documentId}: ${String(error)}`));
        }
        return result;
      });
    },

    /** Lifecycle hooks (every instance, from bootstrap: the database is ready then). */
    subscribe(): void {
      // The media library's alternative text is a picture text's source.
      strapi.db.lifecycles.subscribe({
        models: ['plugin::upload.file'],
        afterCreate: (event: { result?: { id?: number; alternativeText?: string | null } }) => void whenFile(event.result),
        afterUpdate: (event: { result?: { id?: number; alternativeText?: string | null } }) => void whenFile(event.result),
      });
      const whenFile = async (file?: { id?: number; alternativeText?: string | null }) => {
        if (file?.id && file.alternativeText?.trim()) await ask([[MEDIA_TEXT, `file:${file.id}`]]).catch(() => undefined);
      };
      // A locale added in Settings → Internationalization: every document is filled into it, and
      // the site serves it; a locale removed: its work is forgotten, and the site drops it.
      strapi.db.lifecycles.subscribe({
        models: ['plugin::i18n.locale'],
        afterCreate: async (event: { result?: LocaleRow }) => {
          const code = event.result?.code;
          if (!code) return;
          log.info(`[locales] ${code} added: filling it from the source language`);
          void everything()
            .then((pairs) => ask(pairs, [code]))
            .catch((error: unknown) => log.warn(`[fill] ${code} not asked for: ${String(error)}`));
          await tellSite('locale.create');
        },
        afterDelete: async (event: { result?: LocaleRow }) => {
          if (event.result?.code) await queue.dropLocale(event.result.code);
          await tellSite('locale.delete');
        },
      });
    },

    /**
     * The leader's work: everything asked for again whenever this instance becomes the leader (what
     * changed while no CMS ran, a first start after seeding), then what is due, every
     * `intervalMs`, for as long as it leads.
     */
    lead(isLeader: () => boolean): void {
      void everything()
        .then((pairs) => ask(pairs))
        .catch((error: unknown) => log.warn(`[fill] the sweep failed: ${String(error)}`));
      if (timer) return;
      timer = setInterval(() => void tick(isLeader), settings.intervalMs);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type Localization = ReturnType<typeof createLocalization>;
