import type { Core } from '@strapi/strapi';

/**
 * Runs `work` once the write under way is committed (at once outside a transaction). Inside one,
 * raw queries on another connection would read what is not committed yet, and on SQLite wait for
 * the one connection the transaction holds, for ever.
 */
export function afterCommit(strapi: Core.Strapi, work: () => Promise<unknown>, what: string): void {
  const run = () => void work().catch((error: unknown) => strapi.log.error(`[private] ${what}: ${error instanceof Error ? error.message : String(error)}`));
  if (strapi.db.inTransaction()) void strapi.db.transaction(async ({ onCommit }) => onCommit(run));
  else run();
}
