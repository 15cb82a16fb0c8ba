import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInMode = 'pass' | 'refuse' | 'error' | 'hang';

/**
 * A CMS stand-in for failure tests: in front of the real CMS it passes requests through, or
 * behaves as a failing CMS does: refuses connections (closes them at once), answers 503, or hangs.
 */
export async function startCmsStandIn(target: string) {
  let mode: StandInMode = 'pass';
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (mode === 'refuse') return void req.socket.destroy();
    if (mode === 'error') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
    if (mode === 'hang') {
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return;
    }
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setMode(next: StandInMode) {
      mode = next;
      if (next !== 'hang') for (const res of hanging) res.destroy();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
