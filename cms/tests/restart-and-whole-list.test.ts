import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { temporaryDatabase, type TemporaryDatabase } from '../../scripts/lib/databases.mjs';
import { freePort, startCms, stop, throwAwaySecrets, type Server } from '../../scripts/lib/stack.mjs';
import { ADMIN } from './support/admin';
import { adminJwt, call, cmsUrl, dataOf, editorToken } from './support/api';
import { PROJECTS } from './support/queries';

/**
 * A second CMS started on a copy of the seeded database: a restart must not seed again, and the
 * plain project list (no pagination, as the site asks) must hold every project, not 25 or 100.
 */
describe('a restarted CMS with 120 projects', () => {
  let cms: Server;
  let copyDir: string;
  let copy: TemporaryDatabase;
  let log: string;

  /** Settings → Media Library, as the admin reads and saves them. */
  const mediaSettings = async (base: string, chosen?: object) =>
    (
      await call('/upload/settings', { method: chosen ? 'PUT' : 'GET', headers: { authorization: `Bearer ${await adminJwt(base)}`, 'content-type': 'application/json' }, body: chosen && JSON.stringify(chosen) }, base)
    ).body as { data: Record<string, boolean> };
  // What the studio chose in the admin before the restart: the opposite of what a first start sets.
  const chosen = { sizeOptimization: true, responsiveDimensions: true, autoOrientation: true };
  let before: Record<string, boolean>;

  beforeAll(async () => {
    before = (await mediaSettings(cmsUrl())).data;
    await mediaSettings(cmsUrl(), chosen);
    const source = inject('cmsDataDir');
    copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-restart-'));
    fs.cpSync(path.join(source, 'public'), path.join(copyDir, 'public'), { recursive: true });
    const seeded = inject('cmsDatabase');
    copy = await temporaryDatabase(seeded.kind, { dataDir: copyDir, label: 'restart', template: { ...seeded, env: {}, drop: async () => {} } });
    log = path.join(copyDir, 'cms.log');
    const started = Date.now();
    cms = await startCms({
      port: await freePort(),
      logFile: log,
      env: {
        ...throwAwaySecrets(),
        ...copy.env,
        // The same bucket (when there is one): a copy of the database names the same objects.
        ...inject('cmsStorage').env,
        CMS_PUBLIC_DIR: path.join(copyDir, 'public'),
        CMS_ADMIN_EMAIL: ADMIN.email,
        CMS_ADMIN_PASSWORD: ADMIN.password,
        // Its fill asks the tests' fake provider, never the internet.
        TRANSLATE_URL: `${inject('fakeProvider')}/ok`,
      },
    });
    console.log(`contract: CMS healthy on a seeded database in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    await mediaSettings(cmsUrl(), before);
  });

  afterAll(async () => {
    await stop(cms?.child);
    await copy?.drop();
    fs.rmSync(copyDir, { recursive: true, force: true });
  });

  it('does not seed again on a database that holds the studio content', async () => {
    expect(fs.readFileSync(log, 'utf8')).not.toMatch(/Seeding the demo studio/);
    expect(dataOf<unknown[]>(await call(PROJECTS, {}, cms.url))).toHaveLength(30);
  });

  it('keeps the Media Library settings the studio chose in the admin', async () => {
    // A first start keeps uploads as uploaded, without copies the site does not use (decision 025).
    expect(before).toMatchObject({ sizeOptimization: false, responsiveDimensions: false });
    expect((await mediaSettings(cms.url)).data).toMatchObject(chosen);
  });

  it('returns all 120 projects in one plain list, sorted by name', async () => {
    const token = await editorToken(cms.url);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const files = (await call('/api/upload/files', { headers: auth }, cms.url)).body as Array<{ id: number; ext: string }>;
    const images = files.filter((file) => file.ext === '.jpg').slice(0, 3).map((file) => file.id);

    for (let n = 1; n <= 90; n += 1) {
      const created = await call(
        '/api/projects?status=published',
        {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ data: { projectName: `批量项目 ${String(n).padStart(3, '0')}`, author: '测试', images } }),
        },
        cms.url,
      );
      expect(created.status).toBe(201);
    }

    const response = await call(PROJECTS, {}, cms.url);
    const projects = dataOf<Array<{ projectName: string; images: unknown[] }>>(response);
    expect(projects).toHaveLength(120);
    const names = projects.map((project) => project.projectName);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(120);
    expect(response.body).toMatchObject({ meta: { pagination: { total: 120, pageCount: 1, pageSize: 120 } } });
  });

  it('still caps explicitly paginated requests', async () => {
    const response = await call(`${PROJECTS}&pagination[pageSize]=500`, {}, cms.url);
    expect(response.status).toBe(200);
    expect(dataOf<unknown[]>(response)).toHaveLength(100);
  });
});
