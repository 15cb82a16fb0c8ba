// Runs commands at the same time, each line of their output prefixed with its label, and exits with
// the first failure's code once all have ended (a failure in one does not stop the others: a run
// shows every failure it has). Used for the contract tests on SQLite and on PostgreSQL, which each
// start a Strapi of their own and spend much of their time waiting on it.
//
//   node scripts/run-together.mjs 'sqlite=vitest run …' 'postgres=CONTRACT_DATABASE=postgres vitest run …'
import { spawn } from 'node:child_process';
import readline from 'node:readline';

/** `label=command` → { label, command }; a bad argument is said, not guessed. */
function parseJob(argument) {
  const at = argument.indexOf('=');
  const label = argument.slice(0, at);
  const command = argument.slice(at + 1).trim();
  if (at < 1 || !/^[\w-]+$/.test(label) || !command) throw new Error(`run-together: expected label=command, got ${JSON.stringify(argument)}`);
  return { label, command };
}

/** Runs one job, its lines prefixed; resolves with its exit code (1 for a signal). */
function run({ label, command }) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${label}] ${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`[${label}] could not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      process.stdout.write(`[${label}] ${code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`}\n`);
      resolve(code ?? 1);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let jobs;
  try {
    jobs = process.argv.slice(2).map(parseJob);
    if (jobs.length === 0) throw new Error('run-together: no command given');
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const codes = await Promise.all(jobs.map(run));
  process.exit(codes.find((code) => code !== 0) ?? 0);
}
