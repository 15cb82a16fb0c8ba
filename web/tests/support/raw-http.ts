import net from 'node:net';

/**
 * Raw bytes to the production server, as no HTTP client would send them (two Host headers, a path
 * no URL parser keeps); resolves with its answer when it closes the connection.
 */
export function raw(baseURL: string, text: string): Promise<{ answer: string; afterMs: number }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

/** A GET with the given Host, closing the connection; its status and the whole answer (headers too). */
export async function rawGet(baseURL: string, path: string, host = new URL(baseURL).host) {
  const { answer } = await raw(baseURL, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]), text: answer };
}
