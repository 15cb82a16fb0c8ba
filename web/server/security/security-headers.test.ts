import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspOf, newNonce, securityHeaders, type SecurityOptions } from './security-headers';

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(options: SecurityOptions, trustProxy: boolean | string = 'loopback') {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.use(securityHeaders(options));
  app.get('/healthz', (_req, res) => res.send('ok'));
  app.get('/assets/:file', (req, res) => res.type(req.params.file.split('.').pop()!).send('x'));
  app.use((_req, res) => res.send(`nonce:${cspOf(res).nonce}`));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const directives = (policy: string | null) => new Map((policy ?? '').split(';').map((part) => {
  const [name, ...values] = part.trim().split(/\s+/);
  return [name!, values] as const;
}));

describe('nonces', () => {
  it('are never handed out twice, across many refills of their random bytes', () => {
    const nonces = Array.from({ length: 2000 }, newNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    // No nonce is all zeros (bytes handed out before they were drawn).
    expect(nonces).not.toContain(Buffer.alloc(16).toString('base64'));
  });
});

describe('security headers', () => {
  it('gives each response its own nonce in a strict policy: no inline script or style without it', async () => {
    const base = await serve({ mode: 'production' });
    const first = await fetch(`${base}/dailyPage/project`);
    const second = await fetch(`${base}/dailyPage/project`);
    const policy = directives(first.headers.get('content-security-policy'));
    const nonce = (await first.text()).slice('nonce:'.length);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect([...policy.values()].flat().filter((value) => value === "'unsafe-eval'")).toEqual([]);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(first.headers.get(name), name).toBeTruthy();
    }
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the page policies to what can be opened as a page, and the rest on everything', async () => {
    const base = await serve({ mode: 'production' });
    const pageOnly = ['content-security-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy'];
    const everywhere = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];
    for (const file of ['entry.js', 'style.css', 'raleway.woff2', 'cover.avif', 'manifest.json']) {
      const response = await fetch(`${base}/assets/${file}`);
      for (const name of pageOnly) expect(response.headers.get(name), `${file}: ${name}`).toBeNull();
      for (const name of everywhere) expect(response.headers.get(name), `${file}: ${name}`).toBeTruthy();
    }
    for (const file of ['logo.svg', 'page.html']) {
      const response = await fetch(`${base}/assets/${file}`);
      for (const name of [...pageOnly, ...everywhere]) expect(response.headers.get(name), `${file}: ${name}`).toBeTruthy();
    }
  });

  it('allows a stored page its own inline scripts and styles by hash, and nothing inline besides', () => {
    const policy = directives(contentSecurityPolicy({ scripts: ["'sha256-AAA='"], styles: ["'sha256-BBB='"] }, { mode: 'production', https: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-AAA='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-BBB='"]);
  });

  it('lets the development server inject styles and open its hot-reload socket, and no more', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc' }, { mode: 'development', https: false }));
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'"]);
  });

  it('with an https:// public address, redirects plain-HTTP pages there (not to the Host asked for) and sends HSTS', async () => {
    const base = await serve({ mode: 'production', publicUrl: new URL('https://studio.example') });
    const plain = await fetch(`${base}/dailyPage/project?a=1`, { redirect: 'manual', headers: { host: 'evil.example' } });
    expect(plain.status).toBe(308);
    expect(plain.headers.get('location')).toBe('https://studio.example/dailyPage/project?a=1');
    // The load balancer's health check and the CMS's webhook stay on the inside network's HTTP.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/webhook`, { method: 'POST' })).status).toBe(200);
    const proxied = await fetch(`${base}/dailyPage/project`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(proxied.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('sends HSTS when a trusted proxy says the visitor came over HTTPS, and believes no one else', async () => {
    const trusted = await serve({ mode: 'production' });
    expect((await fetch(`${trusted}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toContain('max-age=');
    close?.();
    const untrusted = await serve({ mode: 'production' }, false);
    expect((await fetch(`${untrusted}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });
});
