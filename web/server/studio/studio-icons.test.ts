import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkLogo } from './logo-check';
import { createMarkSource, DEFAULT_MARK, makeIcon } from './studio-icons';

const square = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${colour}"/></svg>`;
const middle = async (png: Buffer) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};

/** A stand-in media store: each address answers its file, counting requests. */
function files(entries: Record<string, { body: string | Buffer; type: string }>) {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = String(input);
    asked.push(url);
    const file = entries[url];
    return file ? new Response(new Uint8Array(Buffer.from(file.body)), { headers: { 'content-type': file.type } }) : new Response('no', { status: 404 });
  };
  return { fetchImpl, asked };
}

describe("the studio's logo as its icons (issue 37)", () => {
  it('takes an SVG without scripts or outside references and a PNG that decodes; refuses the rest, saying why', async () => {
    expect(await checkLogo(Buffer.from(square('#00f')), 'image/svg+xml')).toEqual({ kind: 'svg' });
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0f0' } }).png().toBuffer();
    expect(await checkLogo(png, 'image/png')).toEqual({ kind: 'png' });
    const refused = async (bytes: string | Buffer, type: string) => {
      const verdict = await checkLogo(Buffer.from(bytes), type);
      return 'problem' in verdict ? verdict.problem : 'accepted';
    };
    expect(await refused('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml')).toMatch(/script/);
    expect(await refused('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>', 'image/svg+xml')).toMatch(/another file/);
    expect(await refused('<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://x.example/a)"/></svg>', 'image/svg+xml')).toMatch(/another file/);
    expect(await refused('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>', 'image/svg+xml')).toMatch(/DOCTYPE/);
    expect(await refused(Buffer.concat([png.subarray(0, 40), Buffer.alloc(100, 1)]), 'image/png')).toMatch(/damaged/);
    expect(await refused('GIF89a', 'image/gif')).toMatch(/not an SVG or a PNG/);
  });

  it('draws every icon from the mark: the SVG as uploaded, PNGs of the sizes asked for on the theme colour, an ICO of three', async () => {
    const mark = { key: 'k', kind: 'svg' as const, bytes: Buffer.from(square('#0033ff')) };
    expect((await makeIcon(mark, '/favicon.svg', '#ffffff')).toString()).toBe(square('#0033ff'));
    const icon = await makeIcon(mark, '/icons/icon-192.png', '#ffffff');
    expect(await sharp(icon).metadata()).toMatchObject({ width: 192, height: 192, format: 'png' });
    expect(await middle(icon)).toEqual([0, 51, 255]);
    const touch = await makeIcon(mark, '/apple-touch-icon.png', '#112233');
    const { data } = await sharp(touch).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x11, 0x22, 0x33]); // its corner: the theme colour around the mark
    const ico = await makeIcon(mark, '/favicon.ico', '#ffffff');
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 3]);
    // A PNG logo's SVG icon carries it inside.
    const png = { key: 'p', kind: 'png' as const, bytes: await sharp({ create: { width: 600, height: 600, channels: 4, background: '#f00' } }).png().toBuffer() };
    expect((await makeIcon(png, '/favicon.svg', '#ffffff')).toString()).toMatch(/^<svg[^>]*><image [^>]*href="data:image\/png;base64,/);
  });

  it('keeps the previous icons when the logo becomes one it cannot use, says so once, and remembers the last good one across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marks-'));
    const lines: string[] = [];
    const { fetchImpl, asked } = files({
      'http://media/good.svg': { body: square('#0033ff'), type: 'image/svg+xml' },
      'http://media/evil.svg': { body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', type: 'image/svg+xml' },
    });
    const marks = createMarkSource({ dir, fetchImpl, log: (line) => lines.push(line) });
    expect(await marks.markFor(null)).toBe(DEFAULT_MARK);
    const good = await marks.markFor('http://media/good.svg');
    expect(good.bytes.toString()).toBe(square('#0033ff'));
    expect(await marks.markFor('http://media/evil.svg')).toEqual(good);
    expect(await marks.markFor('http://media/evil.svg')).toEqual(good);
    expect(lines.filter((line) => line.includes('evil.svg'))).toHaveLength(1);
    expect(asked.filter((url) => url.endsWith('evil.svg'))).toHaveLength(1);
    // A new process, its first logo refused: the last good one from disk, not the default.
    const restarted = createMarkSource({ dir, fetchImpl, log: () => {} });
    expect((await restarted.markFor('http://media/evil.svg')).bytes.toString()).toBe(square('#0033ff'));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
