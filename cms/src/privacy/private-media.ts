import type { Core } from '@strapi/strapi';
import { afterCommit } from './after-commit';
import type { MediaStorage } from './storage';

type Knex = Core.Strapi['db']['connection'];

/** The studio's types that can be private (issue 39), and the field that says so. */
export const PRIVATE_TYPES = ['api::project.project', 'api::article.article'] as const;
export type PrivateType = (typeof PRIVATE_TYPES)[number];
export const VISIBILITY = 'visibility';

/**
 * Entries that describe a file rather than show it (a picture's words in another language, issue
 * 38): using a private file does not make it public, and visitors do not read them (the query
 * guard leaves them out, src/middlewares/public-query-guard.ts).
 */
export const DESCRIBES_FILES = ['api::media-text.media-text'];

/** Files' keys the storage has made private, so they are made public again once no longer private. */
const TABLE = 'studio_private_media';

interface FileRow {
  id: number;
  url: string;
  formats: unknown;
}

const formatUrls = (formats: unknown): string[] => {
  const parsed = typeof formats === 'string' ? (JSON.parse(formats) as unknown) : formats;
  if (!parsed || typeof parsed !== 'object') return [];
  return Object.values(parsed as Record<string, { url?: unknown }>).flatMap((format) => (typeof format?.url === 'string' ? [format.url] : []));
};

export interface PrivateMedia {
  /** Every key (originals and their formats) of files only private items use, read now. */
  keys(): Promise<Set<string>>;
  /** Those files' ids, as last read (see `isPrivate`). */
  fileIds(): number[];
  /**
   * The same, as last read (after each change, and every few seconds): for the admin's addresses
   * and the /uploads guard, asked per file, inside a write's transaction too, so never the database.
   */
  isPrivate(key: string): boolean;
  /** Reads the keys now, and again every `everyMs` (an instance learns what another changed). */
  watch(everyMs?: number): void;
  stop(): void;
  /** The keys of one item's files (a share link's), whatever else uses them. */
  itemKeys(uid: PrivateType, documentId: string): Promise<string[]>;
  /** Brings the storage in line: newly private files closed, no longer private ones opened again. */
  sync(): Promise<{ closed: number; opened: number }>;
  /** What a change to a private-able item or a file may have changed: once it is committed, read again and synced. */
  changed(): void;
}

/**
 * Which files are private (issue 39, docs/decisions/021-private-work.md): a file is private when
 * every entry that uses it is a private project or article (in any locale, draft or published). A
 * file a public entry, the studio or the landing also uses stays public. Read from the database's
 * own bookkeeping of media links (Strapi's morph table of `plugin::upload.file`), so it holds for
 * every way a file reaches an entry.
 */
export function createPrivateMedia(strapi: Core.Strapi, storage: MediaStorage): PrivateMedia {
  const db = (): Knex => strapi.db.connection;
  const table = (uid: string) => strapi.db.metadata.get(uid as never).tableName;
  const morph = () => {
    const related = (strapi.db.metadata.get('plugin::upload.file' as never).attributes as Record<string, { joinTable?: { name: string; joinColumn: { name: string }; morphColumn: { idColumn: { name: string }; typeColumn: { name: string } } } }>).related;
    const join = related?.joinTable;
    return {
      name: join?.name ?? 'files_related_mph',
      file: join?.joinColumn.name ?? 'file_id',
      id: join?.morphColumn.idColumn.name ?? 'related_id',
      type: join?.morphColumn.typeColumn.name ?? 'related_type',
    };
  };

  async function privateRows(): Promise<Map<string, Set<number>>> {
    const rows = new Map<string, Set<number>>();
    for (const uid of PRIVATE_TYPES) {
      const ids = (await db()(table(uid)).select('id').where(VISIBILITY, 'private')) as Array<{ id: number }>;
      rows.set(uid, new Set(ids.map((row) => Number(row.id))));
    }
    return rows;
  }

  /**
   * Of the rows that use a file, those a visitor is shown: published rows (drafts are nobody's but
   * the editors') of anything but a private item or a picture's words; a component's rows count as
   * shown (they are a part of an entry, whose state they do not carry).
   */
  async function shownRows(links: ReadonlyArray<{ type: string; id: number }>): Promise<Set<string>> {
    const shown = new Set<string>();
    const byType = new Map<string, number[]>();
    for (const { type, id } of links) byType.set(type, [...(byType.get(type) ?? []), id]);
    for (const [type, ids] of byType) {
      if (DESCRIBES_FILES.includes(type)) continue;
      const meta = strapi.db.metadata.has(type as never) ? strapi.db.metadata.get(type as never) : undefined;
      const attributes = (meta?.attributes ?? {}) as Record<string, { columnName?: string }>;
      if (!meta || !attributes.publishedAt) {
        for (const id of ids) shown.add(`${type}:${id}`);
        continue;
      }
      const privateAble = (PRIVATE_TYPES as readonly string[]).includes(type);
      for (let at = 0; at < ids.length; at += 500) {
        const found = (await db()(meta.tableName)
          .select('id')
          .whereIn('id', ids.slice(at, at + 500))
          .whereNotNull(attributes.publishedAt.columnName ?? 'published_at')
          .modify((query) => {
            if (privateAble) void query.where((open) => void open.whereNull(VISIBILITY).orWhereNot(VISIBILITY, 'private'));
          })) as Array<{ id: number }>;
        for (const row of found) shown.add(`${type}:${Number(row.id)}`);
      }
    }
    return shown;
  }

  const keysOf = (files: readonly FileRow[]) =>
    files.flatMap((file) => [file.url, ...formatUrls(file.formats)]).flatMap((url) => {
      const key = storage.keyOf(url);
      return key ? [key] : [];
    });

  async function read(): Promise<{ keys: Set<string>; ids: number[] }> {
    const rows = await privateRows();
    if ([...rows.values()].every((ids) => ids.size === 0)) return { keys: new Set(), ids: [] };
    const m = morph();
    const used = (await db()(m.name)
      .select(m.file, m.id, m.type)
      .whereIn(m.file, function candidates() {
        void this.select(m.file).from(m.name).where((where) => {
          for (const [uid, ids] of rows) if (ids.size > 0) void where.orWhere((one) => void one.where(m.type, uid).whereIn(m.id, [...ids]));
        });
      })) as Array<Record<string, unknown>>;
    const shown = await shownRows(used.map((link) => ({ type: String(link[m.type]), id: Number(link[m.id]) })));
    // A file is private unless a row visitors are shown uses it; only a private item's rows count
    // as "uses" otherwise (a draft of a public item, or a picture's words, open nothing).
    const uses = new Map<number, boolean>();
    for (const link of used) {
      const file = Number(link[m.file]);
      const publicUse = shown.has(`${String(link[m.type])}:${Number(link[m.id])}`);
      uses.set(file, (uses.get(file) ?? true) && !publicUse);
    }
    const ids = [...uses].filter(([, onlyPrivate]) => onlyPrivate).map(([id]) => id);
    if (ids.length === 0) return { keys: new Set(), ids: [] };
    const files = (await db()(table('plugin::upload.file')).select('id', 'url', 'formats').whereIn('id', ids)) as FileRow[];
    return { keys: new Set(keysOf(files)), ids };
  }
  const keys = async () => (await read()).keys;

  let current: { keys: Set<string>; ids: number[] } = { keys: new Set(), ids: [] };
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    try {
      current = await read();
    } catch (error) {
      strapi.log.warn(`[private] the private files were not read again: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  let tableReady: Promise<void> | undefined;
  const ready = () =>
    (tableReady ??= (async () => {
      if (await db().schema.hasTable(TABLE)) return;
      await db()
        .schema.createTable(TABLE, (columns) => void columns.string('key', 320).primary())
        .catch(async (error: unknown) => {
          if (!(await db().schema.hasTable(TABLE))) throw error;
        });
    })());

  let syncing: Promise<{ closed: number; opened: number }> = Promise.resolve({ closed: 0, opened: 0 });
  async function syncNow() {
    await ready();
    current = await read();
    const wanted = current.keys;
    const stored = new Set(((await db()(TABLE).select('key')) as Array<{ key: string }>).map((row) => row.key));
    const close = [...wanted].filter((key) => !stored.has(key));
    const open = [...stored].filter((key) => !wanted.has(key));
    await storage.setAccess(close, 'private');
    for (let at = 0; at < close.length; at += 200) {
      await db()(TABLE)
        .insert(close.slice(at, at + 200).map((key) => ({ key })))
        .onConflict('key')
        .ignore();
    }
    await storage.setAccess(open, 'public');
    for (let at = 0; at < open.length; at += 200) await db()(TABLE).whereIn('key', open.slice(at, at + 200)).delete();
    if (close.length + open.length > 0) strapi.log.info(`[private] ${close.length} file(s) made private, ${open.length} made public again in the ${storage.kind}`);
    return { closed: close.length, opened: open.length };
  }

  const sync = () => {
    syncing = syncing.catch(() => undefined).then(syncNow);
    return syncing;
  };

  return {
    keys,
    isPrivate: (key) => current.keys.has(key),
    fileIds: () => current.ids,
    watch(everyMs = 5_000) {
      void refresh();
      if (timer) return;
      timer = setInterval(() => void refresh(), everyMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
    async itemKeys(uid, documentId) {
      const field = uid === 'api::project.project' ? 'images' : 'articleImage';
      // What the link shows: the published item in any language, never a file only its draft has.
      const entries = (await strapi.db.query(uid as never).findMany({ where: { documentId, publishedAt: { $notNull: true } }, populate: { [field]: { select: ['id', 'url', 'formats'] } } })) as Array<Record<string, unknown>>;
      const files = entries.flatMap((entry) => (Array.isArray(entry[field]) ? (entry[field] as FileRow[]) : []));
      return [...new Set(keysOf(files))];
    },
    sync,
    changed() {
      // What a write changed is read once it is committed.
      afterCommit(strapi, sync, 'the storage was not brought in line');
    },
  };
}
