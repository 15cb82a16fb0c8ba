// `npm run admin -w cms -- create EMAIL [--password-stdin]`: the studio's first admin (or another
// one), from the server's shell, as Strapi's own `admin:create-user` makes it (in this process: the
// password never appears in a command line another user could list). On a terminal the password
// is asked for (twice, not shown); otherwise (or with `--generate`) a strong one is made and
// printed once. `--password-stdin` reads it from the standard input (a secret manager, a pipe).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
  // Strapi loaded as its command loads it (its compiled code, the database of this environment),
  // without the demo's seeding, and the account made as the command makes it: a super admin.
  process.chdir(appDir);
  process.env.CMS_SEED = 'false';
  // Its CommonJS build, as Strapi's command uses it (the ESM build imports lodash/fp as a folder),
  // on the built CMS when there is one (./built-cms.cjs), as `strapi start` runs it.
  const require = createRequire(path.join(appDir, 'package.json'));
  const { compileStrapi, createStrapi } = require('@strapi/core');
  const app = await createStrapi(require('./scripts/built-cms.cjs').builtCms() ?? (await compileStrapi())).load();
  try {
    const address = email.toLowerCase();
    if (await app.admin.services.user.exists({ email: address })) {
      console.error(`admin: ${address} has an account already; nothing was created`);
      return 1;
    }
    const superAdmin = await app.admin.services.role.getSuperAdmin();
    await app.admin.services.user.create({ email: address, firstname: 'Studio', lastname: 'Admin', isActive: true, roles: [superAdmin.id], password, registrationToken: null });
  } finally {
    await app.destroy();
  }
  console.log(`admin: ${email} can sign in at /admin on the CMS's address (http://localhost:${process.env.CMS_PORT ?? 1337}/admin with npm start, https://<CMS_DOMAIN>/admin on a server)`);
  if (generated) console.log(`admin: its password (shown once, keep it in your password manager): ${password}`);
  return 0;
}

process.exit(await main());
