import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./run-together.mjs', import.meta.url));
const together = (...jobs) => spawnSync(process.execPath, [script, ...jobs], { encoding: 'utf8' });

describe('running the contract suites together', () => {
  it('labels every line with its job, lets the others finish after a failure, and exits with the failure', () => {
    const result = together(
      `slow=node -e "setTimeout(() => console.log('done late'), 300)"`,
      `broken=node -e "console.error('it broke'); process.exit(3)"`,
    );
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('[slow] done late');
    expect(result.stdout).toContain('[slow] passed');
    expect(result.stderr).toContain('[broken] it broke');
    expect(result.stdout).toContain('[broken] failed (exit code 3)');
  });

  it('passes when every job passes', () => {
    const result = together(`a=node -e "console.log(1)"`, `b=node -e "console.log(2)"`);
    expect(result.status).toBe(0);
  });

  it('refuses an argument that is not label=command, running nothing', () => {
    const result = together(`a=node -e "console.log('ran')"`, 'no label here');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/expected label=command/);
    expect(result.stdout).not.toContain('ran');
  });

  it("passes a stop on to every job and ends once they have, with the signal's code", async () => {
    const child = spawn(process.execPath, [script, `job=node -e "process.on('SIGTERM', () => { console.log('stopping'); process.exit(0) }); console.log('ready'); setInterval(() => {}, 1000)"`]);
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await new Promise((resolve) => child.stdout.on('data', () => stdout.includes('[job] ready') && resolve()));
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stdout).toContain('[job] stopping');
    expect(code).toBe(143);
  });
});
