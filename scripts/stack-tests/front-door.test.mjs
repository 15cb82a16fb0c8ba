import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { createRequire } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFrontDoor } from '../lib/front-door.mjs';
import { freePort, rootDir, startCms, startWeb, stop } from '../lib/stack.mjs';
import { observatoryScan } from '../bench/observatory.mjs';

// Issue 40: the front door a studio runs (deploy/), as docs/deploy.md sets it up, with `localhost`
// names and Caddy's own certificate authority: deploy/setup-env.mjs writes the settings, the CMS
// and the site start from them, Caddy from deploy/Caddyfile on ports 80 and 443.
const SITE = 'localhost';
const CMS = 'cms.localhost';

/** An env file's `KEY=value` lines. */
const readEnv = (file) =>
  Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('the HTTPS front door (deploy/Caddyfile)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-door-'));
  const servers = [];
  let ca;
  let chromiumTrust;
  let sitePort;
  let cmsPort;
  let caddyPid;

  /** A request over HTTPS with Caddy's CA, to `host` (any name: it is dialled on loopback). */
  const get = (host, pathname, { headers = {}, method = 'GET' } = {}) =>
    new Promise((resolve, reject) => {
      const request = https.request({ host: '127.0.0.1', servername: host, port: 443, path: pathname, method, ca, headers: { host, ...headers } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end();
    });
  const plain = (host, pathname) =>
    new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: 80, path: pathname, headers: { host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, location: response.headers.location });
      }).on('error', reject);
    });

  beforeAll(async () => {
    // The settings a studio's server gets (docs/deploy.md, step 5).
    const etc = path.join(dataDir, 'etc');
    execFileSync(process.execPath, [path.join(rootDir, 'deploy', 'setup-env.mjs'), SITE, CMS, '--empty', '--dir', etc]);
    // Secrets for root's eyes only (systemd reads them before it starts a service as its user).
    for (const name of ['cms.env', 'site.env', 'caddy.env']) expect(fs.statSync(path.join(etc, name)).mode & 0o777, name).toBe(0o600);
    const cmsEnv = readEnv(path.join(etc, 'cms.env'));
    const siteEnv = readEnv(path.join(etc, 'site.env'));
    const caddyEnv = readEnv(path.join(etc, 'caddy.env'));
    [cmsPort, sitePort] = [await freePort(), await freePort()];
    // No uploads folder made here: the CMS makes it on a fresh server.
    const cms = await startCms({
      port: cmsPort,
      logFile: path.join(dataDir, 'cms.log'),
      env: { ...cmsEnv, CMS_PORT: String(cmsPort), DATABASE_FILENAME: path.join(dataDir, 'data.db'), CMS_PUBLIC_DIR: path.join(dataDir, 'public'), SITE_WEBHOOK_URL: `http://127.0.0.1:${sitePort}/_webhooks/content`, TRANSLATE_URL: 'http://127.0.0.1:9/' },
    });
    servers.push(cms.child);
    const site = await startWeb({ port: sitePort, cmsUrl: cms.url, logFile: path.join(dataDir, 'web.log'), env: { ...siteEnv, CMS_URL: cms.url, CONTENT_CACHE_FILE: path.join(dataDir, 'content.db'), IMAGE_CACHE_DIR: path.join(dataDir, 'images') } });
    servers.push(site.child);

    // Caddy from the repository's Caddyfile, its own CA, its state in the test's folder.
    const door = await startFrontDoor({ siteDomain: caddyEnv.SITE_DOMAIN, cmsDomain: caddyEnv.CMS_DOMAIN, sitePort, cmsPort, dataDir });
    servers.push(door.child);
    caddyPid = door.child.pid;
    ca = door.ca;
    chromiumTrust = door.chromiumTrust;
  }, 240_000);

  afterAll(async () => {
    for (const child of servers.reverse()) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every route of the site over HTTPS, with HSTS, and sends plain HTTP there', async () => {
    const routes = { '/': 302, '/login': 200, '/dailyPage/project': 200, '/dailyPage/article': 200, '/dailyPage/profile': 200, '/en/dailyPage/project': 200, '/sitemap.xml': 200, '/no-such-page': 404 };
    for (const [pathname, status] of Object.entries(routes)) {
      const answer = await get(SITE, pathname);
      expect(answer.status, pathname).toBe(status);
      expect(answer.headers['strict-transport-security'], pathname).toMatch(/max-age=\d{8,}/);
    }
    // Pages are rendered at the public address, never the proxy's own.
    expect((await get(SITE, '/dailyPage/project')).body).toContain(`<link rel="canonical" href="https://${SITE}/dailyPage/project"`);
    for (const pathname of ['/', '/dailyPage/project?category=x']) {
      const redirect = await plain(SITE, pathname);
      expect([301, 308]).toContain(redirect.status);
      expect(redirect.location).toBe(`https://${SITE}${pathname}`);
    }
  }, 60_000);

  it('cuts off a client that never finishes its headers, within seconds, over HTTPS and HTTP', async () => {
    const halfSent = (connect) =>
      new Promise((resolve) => {
        const started = Date.now();
        const socket = connect(() => socket.write(`GET / HTTP/1.1\r\nHost: ${SITE}\r\n`));
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        setTimeout(() => socket.destroy(), 30_000);
      });
    const [secure, plainly] = await Promise.all([
      halfSent((then) => tls.connect({ host: '127.0.0.1', port: 443, servername: SITE, ca, ALPNProtocols: ['http/1.1'] }, then)),
      halfSent((then) => net.connect({ host: '127.0.0.1', port: 80 }, then)),
    ]);
    expect(secure, 'HTTPS: closed within 20 s').toBeLessThan(20_000);
    expect(plainly, 'HTTP: closed within 20 s').toBeLessThan(20_000);
  }, 40_000);

  it('negotiates HTTP/2, and offers HTTP/3', async () => {
    const session = http2.connect(`https://127.0.0.1:443`, { ca, servername: SITE });
    try {
      await new Promise((resolve, reject) => session.once('connect', resolve).once('error', reject));
      expect(session.alpnProtocol).toBe('h2');
      const status = await new Promise((resolve, reject) => {
        const stream = session.request({ ':path': '/dailyPage/project', ':authority': SITE });
        stream.on('response', (headers) => resolve(headers[':status']));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
    expect((await get(SITE, '/login')).headers['alt-svc']).toMatch(/h3=":443"/);
  }, 30_000);

  it('serves a first visit on one connection: the page, its pictures and faces, and its manifest', async () => {
    // Over HTTP/2 every request of the page can share the document's connection; one made without
    // the page's credentials (a manifest, by default) gets a connection of its own: another TLS
    // handshake on a phone's slow link, for every first visit.
    const { chromium } = createRequire(path.join(rootDir, 'web', 'package.json'))('playwright-core');
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', chromiumTrust] });
    try {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const responses = [];
      cdp.on('Network.responseReceived', ({ type, response }) => responses.push({ type, url: response.url, connection: response.connectionId, protocol: response.protocol }));
      await page.goto(`https://${SITE}/dailyPage/profile`, { waitUntil: 'load' });
      // What a browser does to offer the site for installing (and Lighthouse to audit it).
      await cdp.send('Page.getAppManifest');
      await expect.poll(() => responses.map((response) => response.type), { timeout: 10_000 }).toContain('Manifest');
      const [document] = responses;
      expect(document).toMatchObject({ type: 'Document', protocol: 'h2' });
      // (Connection 0: served from the browser's own cache, on no connection.)
      const ours = responses.filter((response) => new URL(response.url).origin === `https://${SITE}` && response.connection !== 0);
      expect(ours.map((response) => response.type)).toEqual(expect.arrayContaining(['Document', 'Image', 'Manifest']));
      for (const response of ours) expect(response.connection, `${response.type} ${response.url}`).toBe(document.connection);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('puts the CMS’s admin on its own host name only, and sets X-Forwarded-* itself', async () => {
    const adminPage = await get(CMS, '/admin');
    expect(adminPage.status).toBe(200);
    expect(adminPage.body).toMatch(/<div id="strapi">|strapi/i);
    expect((await get(CMS, '/_health')).status).toBe(204);
    // The site's name never reaches the CMS, the CMS's never the site.
    const notHere = await get(SITE, '/admin');
    expect(notHere.status).toBe(404);
    expect(notHere.body).not.toMatch(/strapi/i);
    expect((await get(CMS, '/dailyPage/project')).body).not.toContain('<html');
    // A client's own X-Forwarded-For is replaced: the CMS's sign-in limit counts the real address.
    const forged = await get(SITE, '/dailyPage/project', { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' } });
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('evil.example');
  }, 30_000);

  /** The machine's TCP connections (IPv4 and IPv6, from /proc): local and remote port, state, socket. */
  const connections = () =>
    ['/proc/net/tcp', '/proc/net/tcp6']
      .filter((file) => fs.existsSync(file))
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean))
      .map((line) => {
        const [, local, remote, state, , , , , , inode] = line.trim().split(/\s+/);
        const port = (address) => parseInt(address.split(':').at(-1), 16);
        return { local: port(local), remote: port(remote), state: { '01': 'established', '06': 'time-wait' }[state] ?? state, inode };
      });
  /** The sockets a process holds open (a descriptor closed meanwhile is skipped). */
  const socketsOf = (pid) => {
    const target = (fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    };
    return new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => /^socket:\[(\d+)\]$/.exec(target(fd))?.[1])
        .filter(Boolean),
    );
  };

  it('lets an idle connection to the site or the CMS go before they close it (a request written into one closing is a 502)', async () => {
    for (const [host, pathname, port] of [
      [SITE, '/robots.txt', sitePort],
      [CMS, '/_health', cmsPort],
    ]) {
      expect((await get(host, pathname)).status, host).toBeLessThan(400);
      // Caddy's end of each connection it keeps to the server.
      const caddys = socketsOf(caddyPid);
      const kept = connections()
        .filter((connection) => connection.state === 'established' && connection.remote === port && caddys.has(connection.inode))
        .map((connection) => connection.local);
      expect(kept.length, `${host}: Caddy keeps a connection to it`).toBeGreaterThan(0);
      // Past the server's keep-alive timeout (5 s, and Node's second of grace). The side that
      // closed a connection first holds it in TIME_WAIT: Caddy's end, not the server's.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const closed = connections().filter((connection) => connection.state === 'time-wait');
      for (const caddyPort of kept) {
        expect(closed.some((connection) => connection.local === port && connection.remote === caddyPort), `${host}: the server closed Caddy's idle connection`).toBe(false);
        expect(closed.some((connection) => connection.local === caddyPort && connection.remote === port), `${host}: Caddy closed its idle connection first`).toBe(true);
      }
    }
  }, 40_000);

  it('passes every test of the MDN HTTP Observatory over HTTPS', async () => {
    const result = await observatoryScan(`https://${SITE}`, { extraCa: ca });
    expect(result.failed).toEqual([]);
    expect(result.grade).toBe('A+');
  }, 120_000);

  it('ships systemd units that systemd-analyze verifies, each well confined', () => {
    const units = ['studio-build.service', 'studio-cms.service', 'studio-site.service'].map((name) => path.join(rootDir, 'deploy', name));
    expect(() => execFileSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
    for (const unit of units) {
      const security = execFileSync('systemd-analyze', ['security', '--offline=yes', unit], { encoding: 'utf8' });
      expect(Number(/Overall exposure level for \S+: ([\d.]+)/.exec(security)?.[1]), unit).toBeLessThan(2);
    }
    // The running services never write the code they run; the site cannot read the CMS's data.
    for (const unit of units.slice(1)) expect(fs.readFileSync(unit, 'utf8'), unit).not.toMatch(/^ReadWritePaths=.*\/srv\/studio(\s|$|\/(cms|web)\/(dist|build))/m);
    expect(fs.readFileSync(units[2], 'utf8')).toMatch(/^DynamicUser=yes$/m);
  });
});
