/**
 * Demo artwork for the seed: poster-like compositions (shape, colour, typography) drawn as SVG
 * and rasterised with sharp, so a fresh install looks like a studio's portfolio without
 * downloading or shipping hundreds of megabytes of pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import opentype from 'opentype.js';
import sharp from 'sharp';

export interface ArtworkSpec {
  seed: number;
  width: number;
  height: number;
  /** Latin display text set in the poster (the typeface has no CJK glyphs). */
  title: string;
  caption: string;
}

const palettes = [
  ['#f3ede2', '#1a1a1a', '#e63b2e', '#f2b705', '#1f4e9c'],
  ['#0f1c2e', '#f5f1e8', '#ff6b4a', '#3ec1d3', '#f6d55c'],
  ['#e9e4f0', '#2d1e4f', '#8e44ad', '#f39c12', '#16a085'],
  ['#fdf6ec', '#21363d', '#3e8e7e', '#e07a5f', '#f2cc8f'],
  ['#111111', '#fafafa', '#ff0000', '#888888', '#ffd400'],
  ['#dfe7ea', '#17324d', '#f25f5c', '#247ba0', '#70c1b3'],
  ['#f6efe6', '#3b2a20', '#c0392b', '#6b8f71', '#d4a373'],
  ['#1d2d44', '#f0ebd8', '#748cab', '#e09f3e', '#9e2a2b'],
];

function random(seed: number): () => number {
  let state = seed * 9301 + 49297;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

let fonts: { bold: opentype.Font; thin: opentype.Font } | undefined;
function loadFonts(): { bold: opentype.Font; thin: opentype.Font } {
  if (!fonts) {
    const dir = path.dirname(require.resolve('@fontsource/raleway/package.json'));
    const load = (weight: number) => {
      const buffer = fs.readFileSync(path.join(dir, 'files', `raleway-latin-${weight}-normal.woff`));
      return opentype.parse(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
    };
    fonts = { bold: load(800), thin: load(200) };
  }
  return fonts;
}

// Kerning is off: opentype.js 1.x yields NaN coordinates for some of this font's GPOS pairs.
const LAYOUT = { kerning: false };

function text(font: opentype.Font, value: string, x: number, y: number, size: number, fill: string): string {
  return `<path d="${font.getPath(value, x, y, size, LAYOUT).toPathData(1)}" fill="${fill}"/>`;
}

function fitSize(font: opentype.Font, value: string, maxWidth: number, maxSize: number): number {
  const width = font.getAdvanceWidth(value, maxSize, LAYOUT);
  return width > maxWidth ? Math.floor((maxSize * maxWidth) / width) : maxSize;
}

type Composer = (w: number, h: number, p: string[], r: () => number) => string;

const bauhaus: Composer = (w, h, p, r) => {
  const s = Math.min(w, h);
  return [
    `<circle cx="${w * (0.55 + r() * 0.2)}" cy="${h * 0.38}" r="${s * 0.28}" fill="${p[2]}"/>`,
    `<rect x="${w * 0.08}" y="${h * 0.12}" width="${s * 0.3}" height="${s * 0.3}" fill="${p[4]}"/>`,
    `<path d="M ${w * 0.2} ${h * 0.72} a ${s * 0.18} ${s * 0.18} 0 0 1 ${s * 0.36} 0 z" fill="${p[3]}"/>`,
    `<rect x="0" y="${h * 0.74}" width="${w}" height="${s * 0.012}" fill="${p[1]}"/>`,
    `<rect x="${w * 0.72}" y="${h * 0.05}" width="${s * 0.02}" height="${h * 0.6}" fill="${p[1]}"/>`,
  ].join('');
};

const swiss: Composer = (w, h, p) => {
  const lines: string[] = [];
  for (let i = 1; i < 12; i += 1) {
    lines.push(`<rect x="${(w / 12) * i}" y="0" width="2" height="${h}" fill="${p[1]}" opacity="0.12"/>`);
  }
  lines.push(`<rect x="${w * 0.08}" y="${h * 0.08}" width="${w * 0.5}" height="${h * 0.04}" fill="${p[2]}"/>`);
  lines.push(`<rect x="${w * 0.62}" y="${h * 0.2}" width="${w * 0.3}" height="${h * 0.45}" fill="${p[1]}"/>`);
  lines.push(`<circle cx="${w * 0.77}" cy="${h * 0.42}" r="${Math.min(w, h) * 0.09}" fill="${p[3]}"/>`);
  return lines.join('');
};

const gradient: Composer = (w, h, p, r) => {
  const blobs = [2, 3, 4]
    .map(
      (c, i) => `<radialGradient id="g${i}"><stop offset="0" stop-color="${p[c]}" stop-opacity="0.95"/>` +
        `<stop offset="1" stop-color="${p[c]}" stop-opacity="0"/></radialGradient>` +
        `<circle cx="${w * (0.2 + r() * 0.6)}" cy="${h * (0.2 + r() * 0.5)}" r="${Math.max(w, h) * (0.3 + r() * 0.2)}" fill="url(#g${i})"/>`,
    )
    .join('');
  return blobs;
};

const stripes: Composer = (w, h, p) => {
  const s = Math.min(w, h);
  const band = s / 28;
  const rows: string[] = [];
  for (let i = -h; i < w; i += band * 2) {
    rows.push(`<path d="M ${i} ${h} L ${i + h} 0 L ${i + h + band} 0 L ${i + band} ${h} z" fill="${p[2]}"/>`);
  }
  return `<clipPath id="c"><circle cx="${w / 2}" cy="${h * 0.42}" r="${s * 0.32}"/></clipPath>` +
    `<circle cx="${w / 2}" cy="${h * 0.42}" r="${s * 0.32}" fill="${p[3]}"/>` +
    `<g clip-path="url(#c)">${rows.join('')}</g>` +
    `<circle cx="${w / 2}" cy="${h * 0.42}" r="${s * 0.1}" fill="${p[0]}"/>`;
};

const mockup: Composer = (w, h, p) => {
  const cw = Math.min(w, h) * 0.75;
  const ch = cw * 0.6;
  const x = (w - cw) / 2;
  const y = (h - ch) / 2 - h * 0.06;
  return `<rect x="${x + cw * 0.04}" y="${y + cw * 0.05}" width="${cw}" height="${ch}" fill="#000" opacity="0.25"/>` +
    `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" fill="${p[0] === '#111111' ? '#fafafa' : '#ffffff'}"/>` +
    `<circle cx="${x + cw * 0.2}" cy="${y + ch * 0.35}" r="${ch * 0.16}" fill="${p[2]}"/>` +
    `<rect x="${x + cw * 0.2}" y="${y + ch * 0.19}" width="${ch * 0.32}" height="${ch * 0.32}" fill="${p[4]}" opacity="0.85"/>` +
    `<rect x="${x + cw * 0.08}" y="${y + ch * 0.78}" width="${cw * 0.5}" height="${ch * 0.03}" fill="${p[1] === '#fafafa' ? '#1a1a1a' : p[1]}"/>`;
};

const arcs: Composer = (w, h, p) => {
  const s = Math.max(w, h);
  const rings: string[] = [];
  for (let i = 9; i > 0; i -= 1) {
    rings.push(`<circle cx="${w}" cy="${h}" r="${(s / 9) * i * 0.9}" fill="${p[2 + (i % 3)]}"/>`);
  }
  const dots: string[] = [];
  for (let x = 1; x < 8; x += 1) {
    for (let y = 1; y < 6; y += 1) {
      dots.push(`<circle cx="${(w * 0.5 * x) / 8}" cy="${(h * 0.55 * y) / 6}" r="${s * 0.006}" fill="${p[1]}"/>`);
    }
  }
  return rings.join('') + dots.join('');
};

const composers: Composer[] = [bauhaus, swiss, gradient, stripes, mockup, arcs];

export function artworkSvg(spec: ArtworkSpec): string {
  const { width: w, height: h } = spec;
  const r = random(spec.seed);
  const p = palettes[spec.seed % palettes.length];
  const compose = composers[Math.floor(spec.seed / palettes.length + spec.seed) % composers.length];
  const { bold, thin } = loadFonts();
  const margin = Math.min(w, h) * 0.08;
  const titleSize = fitSize(bold, spec.title, w - margin * 2, Math.min(w, h) * 0.16);
  const captionSize = Math.min(w, h) * 0.032;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${p[0]}"/>` +
    compose(w, h, p, r) +
    text(bold, spec.title, margin, h - margin - captionSize * 1.8, titleSize, p[1]) +
    text(thin, spec.caption, margin, h - margin, captionSize, p[1]) +
    `</svg>`;
}

/** A JPEG of the artwork, as a studio would upload a photographed or exported piece. */
export async function renderArtwork(spec: ArtworkSpec): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(spec))).jpeg({ quality: 84, mozjpeg: false }).toBuffer();
}
