// `npm run admin -w cms -- create EMAIL [--password-stdin]`: the studio's first admin (or another
// one), from the server's shell, with Strapi's own `admin:create-user`. On a terminal the password
// is asked for (twice, not shown); otherwise (or with `--generate`) a strong one is made and
// printed once. `--password-stdin` reads it from the standard input (a secret manager, a pipe).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(appDir, 'package.json'));
const [command, email, ...flags] = process.argv.slice(2);
const usage = 'Usage: npm run admin -w cms -- create EMAIL [--generate | --password-stdin]';

/** Strapi's rule: 8 to 72 characters with a lower-case letter, an upper-case letter and a digit. */
export const strongEnough = (password) => password.length >= 8 && Buffer.byteLength(password) <= 72 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);

/** 24 random characters, with each kind Strapi asks for. */
export const generatePassword = () => `${randomBytes(18).toString('base64url')}-Aa7`;

/** A line typed on the terminal without showing it. */
function askHidden(question) {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    rl._writeToOutput = (text) => {
      if (text.includes(question)) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readStdin() {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

async function main() {
  if (command !== 'create' || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(usage);
    return 2;
  }
  let password;
  let generated = false;
  if (flags.includes('--password-stdin')) password = await readStdin();
  else if (process.stdin.isTTY && !flags.includes('--generate')) {
    password = await askHidden(`Password for ${email} (8+ characters, a-z, A-Z and 0-9): `);
    if ((await askHidden('The same again: ')) !== password) {
      console.error('admin: the two passwords differ; nothing was created');
      return 1;
    }
  } else {
    password = generatePassword();
    generated = true;
  }
  if (!strongEnough(password)) {
    console.error('admin: the password needs 8 to 72 characters with a lower-case letter, an upper-case letter and a digit; nothing was created');
    return 1;
  }
  // Strapi's own command, run with this Node (wherever npm put the package).
  const manifest = require.resolve('@strapi/strapi/package.json');
  const declared = JSON.parse(fs.readFileSync(manifest, 'utf8')).bin;
  const bin = path.join(path.dirname(manifest), typeof declared === 'string' ? declared : declared.strapi);
  const created = spawnSync(process.execPath, [bin, 'admin:create-user', `--email=${email}`, `--password=${password}`, '--firstname=Studio', '--lastname=Admin'], {
    cwd: appDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CMS_SEED: 'false' },
  });
  if (created.status !== 0) return created.status ?? 1;
  console.log(`admin: ${email} can sign in at /admin on the CMS's address (http://localhost:${process.env.CMS_PORT ?? 1337}/admin with npm start, https://<CMS_DOMAIN>/admin on a server)`);
  if (generated) console.log(`admin: its password (shown once, keep it in your password manager): ${password}`);
  return 0;
}

process.exit(await main());
