import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupported } from '../check-node.mjs';
import { freePort, startServer, stop, supervise } from './stack.mjs';

const start = async (code, timeoutMs = 60_000) =>
  startServer({ name: 'probe', label: 'The probe', args: ['-e', code], cwd: process.cwd(), env: {}, healthPath: '/', port: await freePort(), timeoutMs });

describe('a free port for a test server', () => {
  it('is one a server can listen on, never handed out twice, and outside the range outgoing connections take', async () => {
    const ports = [];
    for (let i = 0; i < 50; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    // Linux's range for outgoing connections; elsewhere (macOS, Windows) it starts at 49152.
    const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';
    const low = fs.existsSync(rangeFile) ? Number(fs.readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]) : 49_152;
    for (const port of ports) expect(port).toBeLessThan(low);
    // Reserved against other processes: another process's freePort does not hand them out.
    for (const port of ports) expect(fs.existsSync(path.join(os.tmpdir(), 'studio-portfolio-ports', String(port)))).toBe(true);
    const server = net.createServer();
    await new Promise((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    server.close();
  });
});

describe('starting a server', () => {
  it('stops waiting at once when the server is killed by a signal, with its last log lines', async () => {
    const failure = start(`console.log('opening the database'); process.kill(process.pid, 'SIGKILL')`);
    await expect(failure).rejects.toThrow(/The probe was killed by SIGKILL before it was ready[\s\S]*opening the database/);
  }, 15_000);

  it('stops waiting at once when the server exits with an error code', async () => {
    const failure = start(`console.error('Assertion failed: (env) != nullptr'); process.exit(134)`);
    await expect(failure).rejects.toThrow(/exited with code 134[\s\S]*Assertion failed/);
  }, 15_000);

  it('resolves once the server answers', async () => {
    const port = await freePort();
    const server = await startServer({
      name: 'probe',
      label: 'The probe',
      args: ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
      cwd: process.cwd(),
      env: {},
      healthPath: '/',
      port,
      timeoutMs: 10_000,
    });
    expect(await (await fetch(server.url)).text()).toBe('ok');
    await stop(server.child);
    expect(server.child.exitCode ?? server.child.signalCode).not.toBeNull();
  }, 15_000);
});

describe('supervising a server', () => {
  it('starts it again after it dies, and stops it for good on stop()', async () => {
    const port = await freePort();
    const lines = [];
    const probe = () =>
      startServer({
        name: 'probe',
        label: 'The probe',
        args: ['-e', `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(${port}, '127.0.0.1')`],
        cwd: process.cwd(),
        env: {},
        healthPath: '/',
        port,
        timeoutMs: 10_000,
      });
    const supervisor = supervise({ name: 'probe', start: probe, log: (line) => lines.push(line) });
    const first = await supervisor.start();
    const firstPid = await (await fetch(first.url)).text();
    first.child.kill('SIGKILL');
    let secondPid = firstPid;
    for (let n = 0; n < 60 && (secondPid === firstPid || !secondPid); n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      secondPid = await fetch(first.url).then((r) => r.text()).catch(() => '');
    }
    expect(secondPid).not.toBe(firstPid);
    expect(lines.join('\n')).toMatch(/probe stopped \(signal SIGKILL\); restarting in 1 s/);
    await supervisor.stop();
    await expect(fetch(first.url)).rejects.toThrow();
  }, 20_000);
});

describe('the Node.js version check', () => {
  it('admits the floor and newer, refuses older', () => {
    const floor = [22, 22, 0];
    expect(isSupported('v22.22.0', floor)).toBe(true);
    expect(isSupported('24.21.0', floor)).toBe(true);
    expect(isSupported('22.21.9', floor)).toBe(false);
    expect(isSupported('20.20.2', floor)).toBe(false);
  });
});
