import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsDir, freePort, rootDir, startCms, startWeb, stop, throwAwaySecrets, within } from '../lib/stack.mjs';
import { adminSession, E2E_ADMIN } from '../../web/tests/support/cms-admin.ts';
import { startFakeMyMemory } from '../../web/tests/support/fake-mymemory.ts';

const sharp = createRequire(path.join(cmsDir, 'package.json'))('sharp');

// Issue 40: `npm run import -- FOLDER` against a real CMS (an empty studio, its uploads in its
// folder) and the site in front of it.
describe('npm run import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-'));
  const servers = [];
  let cms;
  let site;
  let admin;
  let fake;

  // The API token a studio makes in Settings → API Tokens (the admin's sign-in is limited to a few
  // a minute: one run signs in with the e-mail and password, the others use the token).
  let apiToken;
  const signingIn = { CMS_ADMIN_EMAIL: E2E_ADMIN.email, CMS_ADMIN_PASSWORD: E2E_ADMIN.password, CMS_API_TOKEN: '' };

  /** Runs the import as a studio does; its exit code and what it said. */
  const runImport = (folder, ...flags) => runImportAs({ CMS_API_TOKEN: apiToken, CMS_ADMIN_EMAIL: '', CMS_ADMIN_PASSWORD: '' }, folder, ...flags);
  const runImportAs = (credentials, folder, ...flags) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(rootDir, 'scripts', 'import', 'import.mjs'), folder, ...flags], {
        env: { ...process.env, CMS_URL: cms.url, ...credentials },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('exit', (code) => resolve({ code, out, err }));
    });

  const picture = (file, colour, width = 1200, height = 800) =>
    sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 80 }).toFile(file);

  /** A studio's folder: three projects with pictures (one with a video and its own English), one article. */
  async function studioFolder(name) {
    const root = path.join(dataDir, name);
    const project = async (slug, text, colours, extra = {}) => {
      const dir = path.join(root, slug);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'project.md'), `---\n${Object.entries(text).map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\n${text.name}的说明。\n`);
      for (const [index, colour] of colours.entries()) await picture(path.join(dir, `0${index + 1}.jpg`), colour);
      for (const [file, content] of Object.entries(extra)) {
        if (fs.existsSync(content)) fs.copyFileSync(content, path.join(dir, file));
        else fs.writeFileSync(path.join(dir, file), content);
      }
      return dir;
    };
    await project('harbour-signage', { name: '海港导视', author: '陈然', date: '2024-05-18', category: '空间' }, ['#1f4e5f', '#7fb7be'], {
      'project.en.md': '---\nname: Harbour wayfinding\nauthor: Chen Ran\n---\nWayfinding for a harbour.\n',
      '03-film.mp4': path.join(cmsDir, 'seed', 'media', 'studio-motion-01.mp4'),
    });
    await project('tea-house', { name: '茶舍包装', author: '林一舟', date: '2023-11-02', category: '包装', flextype: 'normal' }, ['#5b3a29', '#d8a47f']);
    await project('city-archive', { name: '档案馆字体', author: '周青', date: '2022-08-30', category: '字体' }, ['#222222']);
    const article = path.join(root, 'articles', 'studio-move');
    fs.mkdirSync(article, { recursive: true });
    fs.writeFileSync(path.join(article, 'article.md'), '---\nname: 工作室搬家了\ndate: 2024-09-01\nsummary: 新地址。\n---\n## 新的空间\n\n一楼是样品室。\n');
    await picture(path.join(article, '01.jpg'), '#2f3e46');
    return root;
  }

  const counts = async () => {
    const [projects, articles, files] = await Promise.all([
      admin.list('api::project.project', 'pageSize=100'),
      admin.list('api::article.article', 'pageSize=100'),
      admin.call('GET', '/upload/files?pageSize=100'),
    ]);
    return { projects: projects.results.length, articles: articles.results.length, files: (files.results ?? files).length };
  };

  beforeAll(async () => {
    fs.mkdirSync(path.join(dataDir, 'public', 'uploads'), { recursive: true });
    const secrets = throwAwaySecrets();
    fake = await startFakeMyMemory(await freePort());
    const webPort = await freePort();
    cms = await startCms({
      port: await freePort(),
      logFile: path.join(dataDir, 'cms.log'),
      env: {
        ...secrets,
        CMS_SEED: 'false',
        DATABASE_FILENAME: path.join(dataDir, 'data.db'),
        CMS_PUBLIC_DIR: path.join(dataDir, 'public'),
        CMS_ADMIN_EMAIL: E2E_ADMIN.email,
        CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
        TRANSLATE_URL: `${fake.url}/ok`,
        CMS_FILL_INTERVAL_MS: '200',
        SITE_WEBHOOK_URL: `http://127.0.0.1:${webPort}/_webhooks/content`,
      },
    });
    servers.push(cms.child);
    site = await startWeb({ port: webPort, cmsUrl: cms.url, logFile: path.join(dataDir, 'web.log'), env: { SITE_WEBHOOK_SECRET: secrets.SITE_WEBHOOK_SECRET, CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'), IMAGE_CACHE_DIR: path.join(dataDir, 'images') } });
    servers.push(site.child);
    admin = await adminSession(cms.url);
    const made = await admin.call('POST', '/admin/api-tokens', { name: 'import test', type: 'full-access', lifespan: null });
    apiToken = made.data.accessKey;
  }, 240_000);

  afterAll(async () => {
    for (const child of servers.reverse()) await stop(child);
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings a folder of 3 projects with pictures and a video, and an article, onto the site; a second run changes nothing', async () => {
    const folder = await studioFolder('studio');
    const tokensBefore = (await admin.call('GET', '/admin/api-tokens')).data.length;
    // Signed in with the admin's e-mail and password: a token for the run, deleted after it.
    const first = await runImportAs(signingIn, folder);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/created category 空间/);
    expect(first.out).toMatch(/import: 4 created, 0 updated, 0 unchanged/);
    // One line per item, with items and megabytes so far.
    expect(first.out.match(/^created (project|article) \S+ \(\d+ files?.*\) in [\d.]+ s \[\d\/4, [\d.]+ MB\/[\d.]+ MB\]$/gm)).toHaveLength(4);
    const after = await counts();
    expect(after).toEqual({ projects: 3, articles: 1, files: 7 });
    expect((await admin.call('GET', '/admin/api-tokens')).data).toHaveLength(tokensBefore);

    // On the site, in both languages: the grid, the project with its video, the studio's own English.
    const grid = await within(5_000, async () => {
      const html = await (await fetch(`${site.url}/dailyPage/project`)).text();
      return ['海港导视', '茶舍包装', '档案馆字体'].every((name) => html.includes(name)) && html;
    });
    expect(grid, 'the three projects on the grid').not.toBeNull();
    const [harbour] = (await (await fetch(`${cms.url}/api/projects?filters[slug][$eq]=harbour-signage&populate[images][fields][0]=mime`)).json()).data;
    expect(harbour.images.map((image) => image.mime)).toEqual(['image/jpeg', 'image/jpeg', 'video/mp4']);
    const detail = await (await fetch(`${site.url}/dailyPage/project/${harbour.documentId}?documentId=${harbour.documentId}`)).text();
    expect(detail).toContain('<video');
    expect(await within(5_000, async () => (await (await fetch(`${site.url}/en/dailyPage/project`)).text()).includes('Harbour wayfinding'))).not.toBeNull();
    expect(await (await fetch(`${site.url}/dailyPage/article`)).text()).toContain('工作室搬家了');

    const second = await runImport(folder);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/import: 0 created, 0 updated, 4 unchanged/);
    expect(await counts()).toEqual(after);

    // A picture changed on disk: that project is updated, its old file replaced, nothing else.
    await picture(path.join(folder, 'tea-house', '02.jpg'), '#00ff00');
    const third = await runImport(folder);
    expect(third.out).toMatch(/import: 0 created, 1 updated, 3 unchanged/);
    expect(third.out).toMatch(/^updated project tea-house/m);
    expect(await counts()).toEqual(after);
  }, 180_000);

  it('names the file and the reason for each bad input, exits non-zero and imports nothing', async () => {
    const before = await counts();
    const bad = async (name, spoil, ...flags) => {
      const folder = await studioFolder(name);
      spoil(folder);
      return runImport(folder, ...flags);
    };
    const cases = [
      ['no-name', (folder) => fs.writeFileSync(path.join(folder, 'tea-house', 'project.md'), '---\nauthor: x\n---\n'), [], /tea-house\/project\.md: has no "name:"/],
      ['corrupt', (folder) => fs.writeFileSync(path.join(folder, 'city-archive', '01.jpg'), fs.readFileSync(path.join(folder, 'city-archive', '01.jpg')).subarray(0, 400)), [], /city-archive\/01\.jpg: is not a picture or video the site can show/],
      ['unreadable', (folder) => fs.symlinkSync(path.join(folder, 'nowhere.jpg'), path.join(folder, 'tea-house', '03.jpg')), [], /tea-house\/03\.jpg: cannot be read \(ENOENT\)/],
      ['fake-video', (folder) => fs.writeFileSync(path.join(folder, 'tea-house', '03.mp4'), 'not a video at all, really'), [], /tea-house\/03\.mp4: is not a picture or video/],
      ['unknown-category', (folder) => fs.writeFileSync(path.join(folder, 'tea-house', 'project.md'), '---\nname: 茶舍包装\ncategory: 没有这个分类\n---\n'), ['--no-create'], /tea-house\/project\.md: category "没有这个分类" does not exist in the CMS \(--no-create\)/],
      ['gif', (folder) => fs.writeFileSync(path.join(folder, 'tea-house', '04-loop.gif'), 'GIF89a'), [], /tea-house\/04-loop\.gif: is a GIF file: the site shows JPEG, PNG, WebP and AVIF pictures and MP4 and WebM videos/],
      ['flextype', (folder) => fs.writeFileSync(path.join(folder, 'tea-house', 'project.md'), '---\nname: 茶舍包装\nflextype: wide\n---\n'), [], /tea-house\/project\.md: flextype "wide" is normal .* or tall/],
      ['too-big', (folder) => {
        const handle = fs.openSync(path.join(folder, 'city-archive', '02-huge.mp4'), 'w');
        fs.ftruncateSync(handle, 2 * 1024 ** 3);
        fs.closeSync(handle);
      }, [], /city-archive\/02-huge\.mp4: is 2048 MB, over the CMS's upload limit of 200 MB/],
    ];
    for (const [name, spoil, flags, message] of cases) {
      const result = await bad(name, spoil, ...flags);
      expect(result.code, name).toBe(1);
      expect(result.err, name).toMatch(message);
      expect(result.err, name).toMatch(/nothing was imported/);
      expect(result.out, name).not.toMatch(/^(created|updated) /m);
    }
    expect(await counts()).toEqual(before);
  }, 180_000);

  it('leaves no project half imported when the CMS refuses it half-way', async () => {
    const before = await counts();
    const folder = await studioFolder('refused');
    // A date the folder's check lets through (it looks like one) and the CMS refuses.
    fs.writeFileSync(path.join(folder, 'tea-house', 'project.md'), '---\nname: 茶舍包装（新）\ndate: 2023-13-45\n---\n');
    fs.rmSync(path.join(folder, 'harbour-signage'), { recursive: true });
    fs.rmSync(path.join(folder, 'city-archive'), { recursive: true });
    fs.rmSync(path.join(folder, 'articles'), { recursive: true });
    const result = await runImport(folder);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/tea-house\/project\.md: .*400.*left as it was/);
    // Its new pictures were uploaded, then removed again; the project kept what it had.
    expect(await counts()).toEqual(before);
    const [tea] = (await (await fetch(`${cms.url}/api/projects?filters[slug][$eq]=tea-house&fields[0]=projectName`)).json()).data;
    expect(tea.projectName).toBe('茶舍包装');
  }, 120_000);

  it('with --dry-run says what it would do and changes nothing', async () => {
    const before = await counts();
    const folder = await studioFolder('dry');
    fs.mkdirSync(path.join(folder, 'a-new-one'));
    fs.writeFileSync(path.join(folder, 'a-new-one', 'project.md'), '---\nname: 新项目\n---\n');
    await picture(path.join(folder, 'a-new-one', '01.jpg'), '#123456');
    const result = await runImport(folder, '--dry-run');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^would create project a-new-one/m);
    expect(result.out).toMatch(/^would update project tea-house/m);
    expect(result.out).toMatch(/dry run: 5 items/);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
