import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { artworkRenderer, rasterise, UNUSED_FOR_MS } from '../../src/bootstrap/seed/artwork-cache';
import type { ArtworkSpec } from '../../src/bootstrap/seed/artwork';

const spec = (seed: number): ArtworkSpec => ({ seed, width: 240, height: 160, title: 'Poster', caption: 'A caption' });
const folders: string[] = [];
const folder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'artwork-cache-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) fs.rmSync(made, { recursive: true, force: true });
});

/** The real encoder, counting what it was asked to draw. */
function counting() {
  const asked: string[] = [];
  return { asked, draw: (svg: string) => (asked.push(svg), rasterise(svg)) };
}

describe("the demo pictures' folder between seeds", () => {
  it('draws a picture once: a second seed takes the same JPEG from the folder', async () => {
    const dir = folder();
    const first = counting();
    const one = await artworkRenderer(dir, first.draw).render(spec(1));
    expect(await sharp(one).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 160 });
    const second = counting();
    const again = artworkRenderer(dir, second.draw);
    expect((await again.render(spec(1))).equals(one)).toBe(true);
    expect(second.asked).toEqual([]);
    expect([again.kept, again.drawn]).toEqual([1, 0]);
    // Another picture is drawn: another seed, or the same one at another size or with another title.
    await again.render(spec(2));
    await again.render({ ...spec(1), width: 160, height: 240 });
    await again.render({ ...spec(1), title: 'Another' });
    expect([again.kept, again.drawn]).toEqual([1, 3]);
    expect(second.asked).toHaveLength(3);
  });

  it('draws again what is not kept whole: a file cut short is replaced', async () => {
    const dir = folder();
    const whole = await artworkRenderer(dir).render(spec(3));
    const [file] = fs.readdirSync(dir);
    fs.writeFileSync(path.join(dir, file!), whole.subarray(0, whole.length / 2));
    const renderer = artworkRenderer(dir);
    expect((await renderer.render(spec(3))).equals(whole)).toBe(true);
    expect(renderer.drawn).toBe(1);
    expect(fs.readFileSync(path.join(dir, file!)).equals(whole)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([file]);
  });

  it('a folder that cannot be made leaves the seed drawing every picture, and says so', async () => {
    const blocked = path.join(folder(), 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const renderer = artworkRenderer(path.join(blocked, 'pictures'));
    const first = await renderer.render(spec(4));
    expect((await renderer.render(spec(4))).equals(first)).toBe(true);
    expect([renderer.kept, renderer.drawn, renderer.refused]).toEqual([0, 2, true]);
  });

  it('a picture that cannot be written is still given to the seed', async () => {
    const dir = folder();
    const whole = await artworkRenderer(undefined).render(spec(9));
    const drawnBefore = await artworkRenderer(dir).render(spec(9));
    const [file] = fs.readdirSync(dir);
    // Its place taken by a folder: reading and writing it both fail.
    fs.rmSync(path.join(dir, file!));
    fs.mkdirSync(path.join(dir, file!));
    const renderer = artworkRenderer(dir);
    expect((await renderer.render(spec(9))).equals(whole)).toBe(true);
    expect(drawnBefore.equals(whole)).toBe(true);
    expect([renderer.kept, renderer.drawn, renderer.refused]).toEqual([0, 1, false]);
    expect(fs.readdirSync(dir)).toEqual([file]);
  });

  it('a link to a folder is not used, even to a folder of this user', async () => {
    const real = folder();
    const link = path.join(folder(), 'link');
    fs.symlinkSync(real, link);
    const renderer = artworkRenderer(link);
    await renderer.render(spec(10));
    await renderer.render(spec(10));
    expect([renderer.kept, renderer.drawn, renderer.refused]).toEqual([0, 2, true]);
    expect(fs.readdirSync(real)).toEqual([]);
  });

  it('removes the temporary files a stopped seed left, once they are old', async () => {
    const dir = folder();
    const old = path.join(dir, 'left.jpg.abc.tmp');
    const recent = path.join(dir, 'writing.jpg.def.tmp');
    fs.writeFileSync(old, 'half');
    fs.writeFileSync(recent, 'half');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    await artworkRenderer(dir).render(spec(11));
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent), 'another seed may be writing it').toBe(true);
  });

  it('removes the pictures no seed has taken for two weeks, and keeps two weeks more those a seed takes', async () => {
    const dir = folder();
    await artworkRenderer(dir).render(spec(12));
    const [taken] = fs.readdirSync(dir);
    await artworkRenderer(dir).render(spec(13));
    const [untaken] = fs.readdirSync(dir).filter((name) => name !== taken);
    const day = 24 * 60 * 60_000;
    const lately = new Date(Date.now() - UNUSED_FOR_MS + day);
    const longAgo = new Date(Date.now() - UNUSED_FOR_MS - day);
    fs.utimesSync(path.join(dir, taken!), lately, lately);
    fs.utimesSync(path.join(dir, untaken!), longAgo, longAgo);
    // The next seed's art has the first picture only (the art changed, or another checkout's seed).
    const seed = artworkRenderer(dir);
    await seed.render(spec(12));
    expect([seed.kept, seed.drawn]).toEqual([1, 0]);
    expect(fs.readdirSync(dir)).toEqual([taken]);
    expect(Date.now() - fs.statSync(path.join(dir, taken!)).mtimeMs, 'taken now: kept two weeks from now').toBeLessThan(60_000);
  });

  it('a folder others may write is not used: nothing is read from it or written to it', async () => {
    const dir = folder();
    // A picture someone else put there under the name this one would be kept as.
    await artworkRenderer(dir).render(spec(7));
    const [file] = fs.readdirSync(dir);
    const planted = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(dir, file!), planted);
    fs.chmodSync(dir, 0o777);
    const renderer = artworkRenderer(dir);
    expect((await renderer.render(spec(7))).equals(planted)).toBe(false);
    await renderer.render(spec(8));
    expect([renderer.kept, renderer.drawn, renderer.refused]).toEqual([0, 2, true]);
    expect(fs.readdirSync(dir)).toEqual([file]);
  });

  it('without a folder every picture is drawn and nothing is written', async () => {
    const renderer = artworkRenderer(undefined);
    await renderer.render(spec(5));
    await renderer.render(spec(5));
    expect([renderer.kept, renderer.drawn, renderer.refused]).toEqual([0, 2, false]);
  });

  it('two seeds at once leave one whole picture per drawing and no temporary file', async () => {
    const dir = folder();
    const [a, b] = await Promise.all([artworkRenderer(dir).render(spec(6)), artworkRenderer(dir).render(spec(6))]);
    expect(a.equals(b)).toBe(true);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(fs.readdirSync(dir)[0]).toMatch(/^[0-9a-f]{64}\.jpg$/);
  });
});
