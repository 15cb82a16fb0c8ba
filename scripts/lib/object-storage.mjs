// A real S3-compatible server for the tests and the bench: moto_server (moto, in the machine's
// Python) on loopback, with throw-away buckets. The CMS talks to it through Strapi's S3 provider
// exactly as it would to AWS, MinIO or R2 (path-style addresses, as most S3-compatible servers
// need). Missing moto is an error that says how to get it, never a silent local folder.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import { freePort, stop, waitForHttp } from './stack.mjs';

const REGION = 'us-east-1';
/** moto accepts any keys; these only make the requests signed, as against a real server. */
const KEYS = { S3_ACCESS_KEY_ID: 'test-access-key', S3_SECRET_ACCESS_KEY: 'test-secret-key' };

/** Every key in `bucket` of the S3-compatible server at `endpoint` (moto lists without signing). */
export async function bucketKeys(endpoint, bucket) {
  const keys = [];
  let token;
  do {
    const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
    const response = await fetch(`${endpoint}/${bucket}?${query}`);
    if (!response.ok) throw new Error(`listing ${bucket}: ${response.status}`);
    const xml = await response.text();
    for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(match[1]);
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]*)</.exec(xml)?.[1] : undefined;
  } while (token);
  return keys;
}

/** The command that runs moto's server, or an error saying how to install it. */
function motoCommand() {
  const candidates = [process.env.MOTO_SERVER, 'moto_server'].filter(Boolean);
  for (const command of candidates) {
    try {
      execFileSync(command, ['--help'], { stdio: 'ignore', timeout: 30_000 });
      return command;
    } catch {
      // next candidate
    }
  }
  throw new Error(
    'moto_server is not available: the tests keep media in an S3-compatible bucket served by moto. ' +
      'Install it with `pip install "moto[server]"` (or set MOTO_SERVER to its path).',
  );
}

/**
 * A keep-alive front for moto_server. Its server (Werkzeug) closes the connection after every
 * answer; S3 and the S3-compatible servers in use keep it open. Node's fetch (undici) fails an
 * assertion, and kills the process, when a connection closes under an answer whose body has not been
 * read yet, which Strapi's export does (it reads each object's headers, then fetches it again).
 * The relay passes requests and answers on unchanged, over connections kept alive like S3's.
 */
function keepAliveFront(targetPort) {
  return new Promise((resolve) => {
    const server = http.createServer({ keepAlive: true }, (req, res) => {
      // moto's whole answer is read at once, so its connection (and thread) ends at once, however
      // long the client leaves the body unread.
      const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = { ...answer.headers };
          delete headers.connection;
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(Buffer.concat(chunks));
        });
      });
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(error));
      });
      req.pipe(upstream);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Starts moto_server on a free loopback port (behind a keep-alive front, see above). `bucket(label)` makes a fresh bucket and gives the
 * CMS's S3_* variables for it; `keys(bucket)` lists its objects; `stop()` ends the server.
 */
export async function startObjectStorage() {
  const command = motoCommand();
  const port = await freePort();
  const child = spawn(command, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, { child, name: 'moto_server', timeoutMs: 60_000 });
  } catch (error) {
    await stop(child);
    throw new Error(`${error.message}\n${stderr}`);
  }
  const front = await keepAliveFront(port);
  const endpoint = `http://127.0.0.1:${front.address().port}`;

  return {
    endpoint,
    child,
    /** A new, empty bucket; its variables for the CMS (and the site, which reads the public ones). */
    async bucket(label = 'media') {
      const name = `${label}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
      const response = await fetch(`${endpoint}/${name}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`moto_server did not create bucket ${name}: ${response.status} ${await response.text()}`);
      return {
        name,
        env: { S3_BUCKET: name, S3_ENDPOINT: endpoint, S3_REGION: REGION, S3_FORCE_PATH_STYLE: 'true', ...KEYS },
        publicUrl: `${endpoint}/${name}`,
      };
    },
    /** Every key in the bucket. */
    keys: (bucket) => bucketKeys(endpoint, bucket),
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await stop(child);
    },
  };
}

/** Where a test run's CMS keeps uploads: `local` (its folder, the default) or `s3` (a moto bucket). */
export function storageKind(variable) {
  const kind = (process.env[variable] ?? 'local').toLowerCase();
  if (kind !== 'local' && kind !== 's3') throw new Error(`${variable} must be local or s3, not ${kind}`);
  return kind;
}

/**
 * Storage for one throw-away CMS: nothing for `local` (the CMS's CMS_PUBLIC_DIR), or a moto_server
 * of its own with a fresh bucket for `s3`. `env` are the CMS's (and the site's) S3_* variables.
 */
export async function temporaryStorage(kind, { label = 'test' } = {}) {
  if (kind === 'local') return { kind, env: {}, stop: async () => {} };
  const server = await startObjectStorage();
  const bucket = await server.bucket(label);
  return {
    kind,
    env: bucket.env,
    endpoint: server.endpoint,
    bucket: bucket.name,
    publicUrl: bucket.publicUrl,
    server,
    keys: () => server.keys(bucket.name),
    stop: server.stop,
  };
}

/** The S3_* variables the site needs to find the bucket's public objects: the CMS's, without its keys. */
export function publicStorageEnv(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'S3_ACCESS_KEY_ID' && name !== 'S3_SECRET_ACCESS_KEY'));
}
