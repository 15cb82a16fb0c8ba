import type { Core } from '@strapi/strapi';

/**
 * Several CMS instances on one PostgreSQL database (issue 29, docs/decisions/016): exactly one of
 * them, the leader, does the start-time work (seeding, permissions, labels, the first admin, the
 * site webhook) and runs the scheduled jobs. The others serve the admin and the API and do none of
 * it. Two PostgreSQL advisory locks, held on one connection set aside for the process's lifetime:
 *
 * - START, held while an instance starts (from `register` to the end of `bootstrap`): instances
 *   start one after the other, so Strapi's schema sync runs on one at a time, and a second one
 *   waits until the first has seeded and synced and never sees half a studio;
 * - LEADER, taken by the first to try and held until that process ends (or its connection drops):
 *   PostgreSQL releases it when the session ends, so a leader that dies hands over to the next
 *   instance that tries (every `retryMs`).
 *
 * SQLite is one file on one machine: its single instance is always the leader.
 */
const START_KEY = 0x5354_5544; // "STUD"
const LEADER_KEY = 0x4c45_4144; // "LEAD"

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
}

interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

export interface Leadership {
  /** Whether this instance is the leader now. */
  readonly isLeader: boolean;
  /** Runs `work` now if this instance leads, else as soon as it becomes the leader. */
  whenLeader(work: () => Promise<void>): void;
  /** Ends the retries and gives the connection (and with it the locks) back. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Turn {
  /** Whether this instance leads (took the leader lock when its turn came). */
  readonly leader: boolean;
  /**
   * Ends this instance's turn (the next one may start) and keeps trying for the leadership every
   * `retryMs` while it follows.
   */
  done(options?: { retryMs?: number }): Leadership;
}

/**
 * Waits for this instance's turn to start (START) and tries to become the leader. Called from
 * `register()`: Strapi's own schema sync and the plugins' start-time writes (roles, permissions)
 * come after it, in `bootstrap`, and two instances doing them at once on an empty database collide
 * (duplicate tables, roles made twice). `done()` at the end of `bootstrap` lets the next one start.
 */
export async function waitForTurn(strapi: Core.Strapi, { pollMs = 500 }: { pollMs?: number } = {}): Promise<Turn> {
  const tasks: Array<() => Promise<void>> = [];
  const run = (work: () => Promise<void>) => void work().catch((error: unknown) => strapi.log.error(`[leader] ${error instanceof Error ? error.stack : String(error)}`));

  if (strapi.db.dialect.client !== 'postgres') {
    return { leader: true, done: () => ({ isLeader: true, whenLeader: run, stop: async () => {} }) };
  }

  const client = (strapi.db.connection as unknown as { client: KnexClient }).client;
  let connection: PgConnection | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tryLock = async (key: number) => Boolean((await connection!.query('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows[0]?.locked);
  const connect = async () => {
    connection = await client.acquireConnection();
    const lost = (error?: Error) => {
      if (!connection) return;
      strapi.log.warn(`[leader] the lock's database connection ended${error ? `: ${error.message}` : ''}; ${leader ? 'no longer the leader' : 'retrying'}`);
      connection = undefined;
      leader = false;
    };
    connection.on('error', lost);
    connection.on('end', lost);
  };
  const claim = async () => {
    if (!connection) await connect();
    if (!leader && (await tryLock(LEADER_KEY))) {
      leader = true;
      strapi.log.info(`[leader] this instance (pid ${process.pid}) leads: it runs the start-time sync and the scheduled jobs`);
      for (const task of tasks) run(task);
    }
  };

  await connect();
  let waited = false;
  while (!(await tryLock(START_KEY))) {
    if (!waited) strapi.log.info('[leader] another instance is starting; waiting for its turn to end');
    waited = true;
    await sleep(pollMs);
  }
  await claim();
  if (!leader) strapi.log.info('[leader] another instance leads; this one serves the admin and the API');

  return {
    leader,
    done({ retryMs = 15_000 } = {}) {
      void connection?.query('SELECT pg_advisory_unlock($1)', [START_KEY]).catch(() => undefined);
      const retry = () => {
        timer = setTimeout(() => {
          void claim()
            .catch((error: unknown) => strapi.log.warn(`[leader] ${error instanceof Error ? error.message : String(error)}`))
            .finally(() => {
              if (!stopped) retry();
            });
        }, retryMs);
        timer.unref();
      };
      retry();
      return {
        get isLeader() {
          return leader;
        },
        whenLeader(work) {
          tasks.push(work);
          if (leader) run(work);
        },
        async stop() {
          stopped = true;
          clearTimeout(timer);
          const held = connection;
          connection = undefined;
          leader = false;
          if (held) {
            await held.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
            await client.releaseConnection(held).catch(() => undefined);
          }
        },
      };
    },
  };
}
