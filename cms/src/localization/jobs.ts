import type { Core } from '@strapi/strapi';

type Knex = Core.Strapi['db']['connection'];

const TABLE = 'studio_fill_jobs';

/** One locale of one document to fill (or to check against its source). */
export interface FillJob {
  uid: string;
  documentId: string;
  locale: string;
  attempts: number;
  /** How often it was asked for when it was read: asked again meanwhile, it is not done. */
  asks?: number;
}

export interface JobQueueOptions {
  /** First wait after a failure; it doubles with each one, up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  now?: () => number;
}

/**
 * The fill's to-do list, in the CMS's database so that it outlives a restart and a change of
 * leader (issue 38): one row per document and locale (asking twice is asking once), due now or
 * after a back-off. A job is only removed once it is done, so a provider that is down for a day
 * delays a locale, never loses it.
 */
export function createJobQueue(db: Knex, { retryMs, maxRetryMs, now = Date.now }: JobQueueOptions) {
  let ready: Promise<void> | undefined;
  const table = () =>
    (ready ??= (async () => {
      if (await db.schema.hasTable(TABLE)) {
        if (!(await db.schema.hasColumn(TABLE, 'asks'))) await db.schema.alterTable(TABLE, (columns) => void columns.integer('asks').notNullable().defaultTo(0));
        return;
      }
      await db.schema
        .createTable(TABLE, (columns) => {
          columns.increments('id');
          columns.string('uid', 120).notNullable();
          columns.string('document_id', 64).notNullable();
          columns.string('locale', 32).notNullable();
          columns.integer('attempts').notNullable().defaultTo(0);
          columns.integer('asks').notNullable().defaultTo(0);
          columns.bigInteger('due_at').notNullable();
          columns.text('last_error');
          columns.unique(['uid', 'document_id', 'locale']);
        })
        .catch(async (error: unknown) => {
          if (!(await db.schema.hasTable(TABLE))) throw error;
        });
    })());

  return {
    /**
     * Asks for `locale` of a document to be filled; already asked: brought forward to now, and
     * counted, so that a fill under way (of what the source was before) does not close it.
     */
    async add(jobs: ReadonlyArray<Omit<FillJob, 'attempts' | 'asks'>>): Promise<void> {
      if (jobs.length === 0) return;
      await table();
      const rows = jobs.map((job) => ({ uid: job.uid, document_id: job.documentId, locale: job.locale, attempts: 0, asks: 0, due_at: now() }));
      for (let at = 0; at < rows.length; at += 100) {
        await db(TABLE)
          .insert(rows.slice(at, at + 100))
          .onConflict(['uid', 'document_id', 'locale'])
          .merge({ due_at: now(), asks: db.raw('??.?? + 1', [TABLE, 'asks']) });
      }
    },
    /** Jobs due now, oldest first. */
    async due(limit: number): Promise<FillJob[]> {
      await table();
      const rows = (await db(TABLE).where('due_at', '<=', now()).orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(limit)) as Array<{
        uid: string;
        document_id: string;
        locale: string;
        attempts: number;
        asks: number;
      }>;
      return rows.map((row) => ({ uid: row.uid, documentId: row.document_id, locale: row.locale, attempts: Number(row.attempts), asks: Number(row.asks) }));
    },
    /** The job is done, unless it was asked for again since it was read (then it stays, due now). */
    async done(job: Omit<FillJob, 'attempts'>): Promise<void> {
      const where = { uid: job.uid, document_id: job.documentId, locale: job.locale, ...(job.asks === undefined ? {} : { asks: job.asks }) };
      await db(TABLE).where(where).delete();
    },
    /** A failed job waits, each failure twice as long as the one before (or until `until`). */
    async failed(job: FillJob, error: string, until?: number): Promise<number> {
      const wait = Math.min(maxRetryMs, retryMs * 2 ** job.attempts);
      const dueAt = until ?? now() + wait;
      // Asked for again meanwhile: tried again at once rather than after the back-off.
      const where = { uid: job.uid, document_id: job.documentId, locale: job.locale, ...(job.asks === undefined ? {} : { asks: job.asks }) };
      await db(TABLE).where(where).update({ attempts: job.attempts + 1, due_at: dueAt, last_error: error.slice(0, 500) });
      return dueAt;
    },
    /** Jobs waiting, and of those how many have failed at least once. */
    async pending(): Promise<{ jobs: number; failing: number }> {
      await table();
      const [{ jobs = 0 } = {}] = (await db(TABLE).count({ jobs: '*' })) as Array<{ jobs?: number | string }>;
      const [{ failing = 0 } = {}] = (await db(TABLE).where('attempts', '>', 0).count({ failing: '*' })) as Array<{ failing?: number | string }>;
      return { jobs: Number(jobs), failing: Number(failing) };
    },
    /** Forgets every job of `locale` (the studio removed it). */
    async dropLocale(locale: string): Promise<void> {
      await table();
      await db(TABLE).where({ locale }).delete();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
