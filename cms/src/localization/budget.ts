import type { Core } from '@strapi/strapi';

type Knex = Core.Strapi['db']['connection'];

const TABLE = 'studio_translation_budget';

/**
 * The provider's characters a day (UTC), counted in the CMS's database so that every instance,
 * and every fill running at once, share one count (issue 38). `take` counts an amount only when
 * it fits, in one statement: nothing can spend past the limit.
 */
export function createBudget(db: Knex, { dailyChars, now = () => new Date() }: { dailyChars: number; now?: () => Date }) {
  const today = () => now().toISOString().slice(0, 10);
  let ready: Promise<void> | undefined;
  const table = () =>
    (ready ??= (async () => {
      if (await db.schema.hasTable(TABLE)) return;
      await db.schema
        .createTable(TABLE, (columns) => {
          columns.string('day', 10).primary();
          columns.integer('chars').notNullable().defaultTo(0);
        })
        .catch(async (error: unknown) => {
          if (!(await db.schema.hasTable(TABLE))) throw error; // made meanwhile by another instance
        });
    })());
  return {
    /** Takes `chars` of today's budget; false when they do not fit (nothing taken). */
    async take(chars: number): Promise<boolean> {
      await table();
      const day = today();
      await db(TABLE).insert({ day, chars: 0 }).onConflict('day').ignore();
      const updated = await db(TABLE).where('day', day).andWhere('chars', '<=', dailyChars - chars).increment('chars', chars);
      return Number(updated) === 1;
    },
    /** Gives back what a call that failed took. */
    async giveBack(chars: number): Promise<void> {
      await table();
      await db(TABLE).where('day', today()).decrement('chars', chars);
    },
    async spent(): Promise<{ spent: number; limit: number }> {
      await table();
      const row = (await db(TABLE).where('day', today()).first()) as { chars?: number } | undefined;
      return { spent: Number(row?.chars ?? 0), limit: dailyChars };
    },
  };
}

export type Budget = ReturnType<typeof createBudget>;
