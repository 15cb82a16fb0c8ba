// Starting and stopping the two servers (CMS and site) for `npm start`, the contract tests and
// the end-to-end tests, so all three run the stack the same way.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cmsDir = path.join(rootDir, 'cms');
export const webDir = path.join(rootDir, 'web');

/** The kernel's range for outgoing connections' own ports (Linux), or none where it cannot be read. */
function ephemeralRange() {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low > 0 && high >= low ? { low, high } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether nothing listens on `port` of the loopback now. */
const bindable = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const handedOut = new Set();
/** Ports handed out by any process on this machine: one empty file each (`open` with `wx`). */
const reservations = path.join(os.tmpdir(), 'studio-portfolio-ports');
/** A reservation older than this is a run's that ended without its cleanup: taken over. */
const RESERVATION_MS = 3 * 60 * 60 * 1000;

/** Claims `port` for this process against every other process on the machine; false if one holds it. */
function reserve(port) {
  const file = path.join(reservations, String(port));
  try {
    fs.mkdirSync(reservations, { recursive: true });
    fs.closeSync(fs.openSync(file, 'wx'));
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') return true; // no folder to reserve in: the bind check alone
    try {
      if (Date.now() - fs.statSync(file).mtimeMs < RESERVATION_MS) return false;
      const now = new Date();
      fs.utimesSync(file, now, now);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Each file of the built CMS (cms/dist, which a CMS starting meanwhile reads) with its last change:
 * the shell's commands must leave them as they are (cms/scripts/built-cms.cjs).
 */
export function builtCmsFiles() {
  const dist = path.join(cmsDir, 'dist');
  return new Map(
    fs
      .readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [path.join(entry.parentPath, entry.name), fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs]),
  );
}

/**
 * A TCP port nobody listens on right now, for a server started a moment later (or minutes later,
 * after a CMS has started). Not one the kernel hands out itself (`listen(0)`): that comes from the
 * range outgoing connections take their own ports from, so before the server's `listen` a
 * connection to PostgreSQL or Redis may take it (EADDRINUSE), the more likely the more runs at once
 * (the stack tests run two files at a time, the contract tests two suites). A random port below
 * that range instead (below 32768 where the range cannot be read: macOS and Windows start theirs
 * at 49152), never the same one twice in a process, and reserved for a few hours against the
 * other processes on the machine.
 */
export async function freePort() {
  const range = ephemeralRange();
  const low = 20_000;
  const high = Math.min(range ? range.low - 1 : 32_767, 32_767);
  for (let attempt = 0; high > low && attempt < 200; attempt += 1) {
    const port = low + crypto.randomInt(high - low + 1);
    if (handedOut.has(port) || !(await bindable(port)) || !reserve(port)) continue;
    handedOut.add(port);
    return port;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Secrets for a throw-away CMS (tests), so they never read or write cms/.env. */
export function throwAwaySecrets() {
  const secret = () => crypto.randomBytes(16).toString('base64');
  return {
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    SITE_WEBHOOK_SECRET: crypto.randomBytes(24).toString('base64url'),
    PREVIEW_SECRET: crypto.randomBytes(24).toString('base64url'),
  };
}

/** The variables of a dotenv file (KEY=value lines), or none when it does not exist. */
export function readEnvFile(file) {
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line))
      .filter(Boolean)
      .map(([, key, value]) => [key, value.replace(/^(['"])(.*)\1$/, '$2')]),
  );
}

/** Polls url until it answers with a status below 500, or fails after timeoutMs. */
export async function waitForHttp(url, { timeoutMs = 180_000, child, name = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  // A server that dies while starting (an exit code, or a signal such as a native abort) ends the
  // wait at once instead of after the whole timeout.
  let died;
  const onExit = (code, signal) => {
    died = `${name} ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before it was ready`;
  };
  if (child) {
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);
  }
  try {
    while (Date.now() < deadline) {
      if (died) throw new Error(died);
      try {
        const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
        if (response.status < 500) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(died ?? `${name} was not ready within ${timeoutMs / 1000} s`);
  } finally {
    child?.off('exit', onExit);
  }
}

function run(name, args, { cwd, env, logFile, inherit, logDirect = false }) {
  if (logFile && logDirect) {
    // Straight into the file, not through this process: a server under load writes thousands of
    // lines a second, which would otherwise take this process's time (the bench's load generator).
    const fd = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    child.logTail = () => fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).slice(-40).join('\n');
    child.name = name;
    return child;
  }
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Output goes to the log file (tests) or on to this terminal (npm start); the last lines are
  // kept either way, for the message when the server fails to start.
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  const tail = [];
  const keep = (stream) => (chunk) => {
    log?.write(chunk);
    if (inherit) stream.write(chunk);
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  child.once('exit', () => log?.end());
  child.logTail = () => tail.join('\n');
  child.name = name;
  return child;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `check` every 100 ms until it holds (resolves with the time it did) or `ms` pass (null). */
export async function within(ms, check) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a server started here and waits until it has exited. */
export async function stop(child, { timeoutMs = 15_000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Starts a server process and resolves once `healthPath` answers; on failure, with its log tail. */
export async function startServer({ name, label, args, cwd, env, healthPath, port, logFile, inherit, timeoutMs, logDirect }) {
  const url = `http://127.0.0.1:${port}`;
  // Something left running on the port (a run stopped half-way) would answer the health check in
  // this server's place, and the tests would then talk to it: refused here, naming the port.
  if (await answers(port)) throw new Error(`${label} cannot start: another process already listens on port ${port} (a server left from an earlier run?)`);
  const child = run(name, args, { cwd, env, logFile, inherit, logDirect });
  try {
    await waitForHttp(`${url}${healthPath}`, { child, name: label, timeoutMs });
  } catch (error) {
    await stop(child);
    throw new Error(`${error.message}. Its last log lines:\n${child.logTail()}`);
  }
  return { child, url };
}

/**
 * Where the test suites' CMSes keep the demo's pictures between seeds (CMS_SEED_CACHE_DIR): drawing
 * them is about a third of a seed, and a run seeds several studios from the same pictures.
 */
export const SEED_CACHE_DIR = path.join(os.tmpdir(), 'studio-portfolio-seed-pictures');

/**
 * Starts the built CMS (`strapi start`). Options: port, env (extra variables), logFile, inherit;
 * `seedCache`: the demo's pictures kept between seeds in SEED_CACHE_DIR (false: each seed draws
 * its own, as a studio's first start does, whatever this process's environment or cms/.env says:
 * an empty value is none and wins over the file).
 */
export async function startCms({ port = 1337, env = {}, logFile, inherit = false, timeoutMs, seedCache = true } = {}) {
  const strapiBin = path.join(path.dirname(requireResolve('@strapi/strapi/package.json')), 'bin', 'strapi.js');
  return startServer({
    name: 'cms',
    label: 'The CMS',
    args: [strapiBin, 'start'],
    cwd: cmsDir,
    env: { NODE_ENV: 'production', CMS_PORT: String(port), CMS_HOST: '127.0.0.1', CMS_SEED_CACHE_DIR: seedCache ? SEED_CACHE_DIR : '', ...env },
    healthPath: '/_health',
    port,
    logFile,
    inherit,
    timeoutMs,
  });
}

/**
 * Waits until the CMS's fill (issue 38) has put every locale in `locales` in place: as many
 * published projects there as in the source, and nothing left in its queue (pictures' and the
 * interface's texts included), twice in a row. `secret` is the CMS's SITE_WEBHOOK_SECRET. Returns
 * the milliseconds it took; throws after `timeoutMs` with what was still missing.
 */
export async function waitForFill(cmsUrl, { secret, locales = ['en'], timeoutMs = 180_000 } = {}) {
  const started = Date.now();
  const count = async (locale) => {
    const response = await fetch(`${cmsUrl}/api/projects?fields[0]=documentId&pagination[pageSize]=1&pagination[withCount]=true${locale ? `&locale=${locale}` : ''}`);
    if (!response.ok) return -1;
    return (await response.json()).meta?.pagination?.total ?? -1;
  };
  const status = async () => (await (await fetch(`${cmsUrl}/api/localization/status`, { headers: { authorization: `Bearer ${secret}` } })).json()).data;
  let settled = 0;
  let last = '';
  while (Date.now() - started < timeoutMs) {
    const source = await count();
    const counts = await Promise.all(locales.map(count));
    const { pending, failing } = await status();
    last = `source ${source} projects, ${locales.map((locale, index) => `${locale} ${counts[index]}`).join(', ')}; ${pending} jobs waiting (${failing} failing)`;
    settled = counts.every((n) => n === source) && pending === 0 ? settled + 1 : 0;
    if (settled >= 2) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The CMS did not fill ${locales.join(', ')} within ${timeoutMs / 1000} s: ${last}`);
}

/** Starts the built site's production server. Options: port, cmsUrl, env, logFile (logDirect: written by the server itself), inherit. */
export async function startWeb({ port = 3000, cmsUrl, env = {}, logFile, logDirect = false, inherit = false, timeoutMs = 60_000 } = {}) {
  return startServer({
    name: 'web',
    label: 'The site',
    args: [path.join(webDir, 'build', 'server', 'main.js')],
    cwd: webDir,
    env: { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...(cmsUrl ? { CMS_URL: cmsUrl } : {}), ...env },
    healthPath: '/healthz',
    port,
    logFile,
    logDirect,
    inherit,
    timeoutMs,
  });
}

function requireResolve(specifier) {
  const candidates = [path.join(cmsDir, 'node_modules', specifier), path.join(rootDir, 'node_modules', specifier)];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`Cannot find ${specifier}; run npm ci first.`);
  return found;
}

/**
 * Keeps a server running: when it exits unexpectedly it is started again after a pause that
 * doubles on each quick failure (1 s, 2 s, 4 s ... at most 30 s) and resets once it has run for a
 * minute. `start` starts it and resolves once it is healthy ({ child, url }).
 */
export function supervise({ name, start, log = console.error, minUptimeMs = 60_000, maxDelayMs = 30_000 }) {
  let current;
  let stopped = false;
  let failures = 0;
  let timer;

  const schedule = (why) => {
    if (stopped) return;
    const delay = Math.min(maxDelayMs, 1000 * 2 ** failures);
    failures += 1;
    log(`[start] ${name} ${why}; restarting in ${delay / 1000} s`);
    timer = setTimeout(() => void launch().catch((error) => schedule(`did not come back (${error.message.split('\n')[0]})`)), delay);
  };

  let launching;
  function launch() {
    launching = (async () => {
      const startedAt = Date.now();
      const started = await start();
      current = started;
      if (stopped) {
        await stop(started.child);
        return started;
      }
      log(`[start] ${name} running (pid ${started.child.pid})`);
      started.child.once('exit', (code, signal) => {
        if (stopped) return;
        if (Date.now() - startedAt >= minUptimeMs) failures = 0;
        schedule(`stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`);
      });
      return started;
    })();
    return launching;
  }

  return {
    /** The first start: its failure is the caller's to report. */
    start: launch,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await launching?.catch(() => {}); // a start under way finishes, then is stopped
      await stop(current?.child);
    },
  };
}
