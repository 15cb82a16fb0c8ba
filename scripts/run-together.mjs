// Runs commands at the same time, each line of their output prefixed with its label, and exits with
// the first failure's code once all have ended (a failure in one does not stop the others: a run
// shows every failure it has). Used for the contract tests on SQLite and on PostgreSQL, which each
// start a Strapi of their own and spend much of their time waiting on it, and in `npm test` for lint
// and typecheck, one thread each.
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

const children = new Set();

/** Runs one job, its lines prefixed; resolves with its exit code (1 for a signal). */
function run({ label, command }) {
  return new Promise((resolve) => {
    // A process group of its own, so a signal to this script reaches the whole job (its shell, its
    // Vitest, the Strapi that started): its teardown drops the database it made.
    const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    children.add(child);
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
      children.delete(child);
      process.stdout.write(`[${label}] ${code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`}\n`);
      resolve(code ?? 1);
    });
  });
}

// Stopped (Ctrl-C, a CI run cancelled): each job is told, and this script ends once they have.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exitCode = 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
  });
}

let jobs;
try {
  jobs = process.argv.slice(2).map(parseJob);
  if (jobs.length === 0) throw new Error('run-together: no command given');
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const codes = await Promise.all(jobs.map(run));
process.exit(process.exitCode ?? codes.find((code) => code !== 0) ?? 0);
