import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { temporaryDatabase, type TemporaryDatabase } from '../../scripts/lib/databases.mjs';
import { freePort, startCms, stop, throwAwaySecrets, type Server } from '../../scripts/lib/stack.mjs';
import { fakeTranslation } from '../../web/tests/support/fake-mymemory';
import { ADMIN } from './support/admin';
import { call, dataOf } from './support/api';

/**
 * Issue 38's upgrade: a studio's database as the release before left it (content types not
 * localized, their entries without a locale, the studio's English in the "English text"
 * collection), made from a copy of the seeded one, then a first start of this release on it.
 */
const BECAME_LOCALIZED: Array<[uid: string, table: string]> = [
  ['api::project.project', 'projects'],
  ['api::article.article', 'articles'],
  ['api::category.category', 'categories'],
  ['api::profilelist.profilelist', 'profilelists'],
  ['api::contact-mess.contact-mess', 'contact_mess'],
];

interface Project {
  documentId: string;
  projectName: string;
  description: string | null;
  textBy?: string;
}

describe('the first start after upgrading from the "English text" collection', () => {
  let cms: Server;
  let copyDir: string;
  let copy: TemporaryDatabase;
  let before: Project[];
  let studioWritten: Project;
  let machineOnly: Project;
  const studioEnglish = 'Stone House, as the studio names it';

  beforeAll(async () => {
    const source = inject('cmsDataDir');
    copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-upgrade-'));
    fs.cpSync(path.join(source, 'public'), path.join(copyDir, 'public'), { recursive: true });
    before = dataOf<Project[]>(await call('/api/projects?locale=zh-Hans&sort[0]=projectName:asc&pagination[pageSize]=100'));
    [studioWritten, machineOnly] = before as [Project, Project];
    const seeded = inject('cmsDatabase');
    copy = await temporaryDatabase(seeded.kind, { dataDir: copyDir, label: 'upgrade', template: { ...seeded, env: {}, drop: async () => {} } });

    // Back to the release before: one row per entry, no locale, no other locale; i18n off for
    // these types in the schema Strapi remembers; and the old collection with one English the
    // studio wrote and one the machine made.
    const db: Knex = knex(
      copy.kind === 'sqlite'
        ? { client: 'better-sqlite3', connection: { filename: copy.file! }, useNullAsDefault: true }
        : { client: 'pg', connection: copy.env.DATABASE_URL },
    );
    try {
      for (const [, table] of BECAME_LOCALIZED) {
        await db(table).whereNot('locale', 'zh-Hans').delete();
        await db(table).update({ locale: null });
      }
      const stored = await db('strapi_core_store_settings').where({ key: 'strapi_content_types_schema' }).first();
      const schema = JSON.parse(stored.value) as Record<string, { pluginOptions?: Record<string, unknown>; attributes: Record<string, { pluginOptions?: Record<string, unknown> }> }>;
      for (const [uid] of BECAME_LOCALIZED) {
        delete schema[uid]!.pluginOptions?.i18n;
        for (const attribute of Object.values(schema[uid]!.attributes)) delete attribute.pluginOptions?.i18n;
      }
      await db('strapi_core_store_settings').where({ key: 'strapi_content_types_schema' }).update({ value: JSON.stringify(schema) });
      await db.schema.createTable('translations', (columns) => {
        columns.increments('id');
        columns.string('document_id');
        columns.text('source');
        columns.text('machine');
        columns.text('english');
      });
      await db('translations').insert([
        { document_id: 't1', source: studioWritten.projectName, machine: 'Machine words', english: studioEnglish },
        { document_id: 't2', source: machineOnly.projectName, machine: 'Only the machine wrote this', english: null },
      ]);
    } finally {
      await db.destroy();
    }

    cms = await startCms({
      port: await freePort(),
      logFile: path.join(copyDir, 'cms.log'),
      env: {
        ...throwAwaySecrets(),
        ...copy.env,
        ...inject('cmsStorage').env,
        CMS_PUBLIC_DIR: path.join(copyDir, 'public'),
        CMS_ADMIN_EMAIL: ADMIN.email,
        CMS_ADMIN_PASSWORD: ADMIN.password,
        TRANSLATE_URL: `${inject('fakeProvider')}/ok`,
        CMS_FILL_INTERVAL_MS: '200',
      },
    });
  }, 240_000);

  afterAll(async () => {
    await stop(cms?.child);
    await copy?.drop();
    fs.rmSync(copyDir, { recursive: true, force: true });
  });

  const projectIn = async (documentId: string, locale: string) => dataOf<Project>(await call(`/api/projects/${documentId}?locale=${locale}`, {}, cms.url));

  it('keeps every entry, in the source language', async () => {
    const after = dataOf<Project[]>(await call('/api/projects?locale=zh-Hans&sort[0]=projectName:asc&pagination[pageSize]=100', {}, cms.url));
    expect(after.map((project) => [project.documentId, project.projectName])).toEqual(before.map((project) => [project.documentId, project.projectName]));
  });

  it('makes the studio’s English the en text of the field it belongs to, the studio’s own, and fills the rest', async () => {
    const english = await projectIn(studioWritten.documentId, 'en');
    expect(english.projectName).toBe(studioEnglish);
    expect(english.textBy).toBe('studio');
    // Its other texts had no English of the studio's: the machine fills them in.
    if (studioWritten.description) {
      await vi.waitFor(async () => expect((await projectIn(studioWritten.documentId, 'en')).description).toBe(fakeTranslation(studioWritten.description!, 'en')), { timeout: 60_000, interval: 500 });
    }
    expect((await projectIn(studioWritten.documentId, 'en')).projectName).toBe(studioEnglish);
  }, 90_000);

  it('fills anew what only the machine had written, and retires the collection', async () => {
    await vi.waitFor(async () => expect((await projectIn(machineOnly.documentId, 'en')).projectName).toBe(fakeTranslation(machineOnly.projectName, 'en')), { timeout: 60_000, interval: 500 });
    expect((await call('/api/translations', {}, cms.url)).status).toBe(404);
    expect(fs.readFileSync(path.join(copyDir, 'cms.log'), 'utf8')).toMatch(/moved the studio's English into the en locale of 1 entries/);
  }, 90_000);
});
