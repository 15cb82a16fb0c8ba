import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { placeholderOf } from '../../src/bootstrap/placeholders';

const channels = (hex: string) => [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe("a picture's placeholder", () => {
  it('is its average colour, then its four corners', async () => {
    // Four quadrants: red, green / blue, white.
    const quadrant = (r: number, g: number, b: number) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } }).png().toBuffer();
    const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#000' } })
      .composite([
        { input: await quadrant(255, 0, 0), left: 0, top: 0 },
        { input: await quadrant(0, 255, 0), left: 40, top: 0 },
        { input: await quadrant(0, 0, 255), left: 0, top: 30 },
        { input: await quadrant(255, 255, 255), left: 40, top: 30 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const placeholder = await placeholderOf(image);
    expect(placeholder).toMatch(/^[0-9a-f]{6}(,[0-9a-f]{6}){4}$/);
    const [average, topLeft, topRight, bottomLeft, bottomRight] = placeholder.split(',').map(channels);
    const near = (actual: number[] | undefined, expected: number[]) => actual!.forEach((value, index) => expect(Math.abs(value - expected[index]!)).toBeLessThan(40));
    near(topLeft, [255, 0, 0]);
    near(topRight, [0, 255, 0]);
    near(bottomLeft, [0, 0, 255]);
    near(bottomRight, [255, 255, 255]);
    near(average, [128, 128, 128]);
  });
});
