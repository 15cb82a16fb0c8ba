/**
 * Demo artwork for the seed: poster-like compositions (shape, colour, typography) drawn as SVG
 * and rasterised with sharp (`artwork-cache.ts`), so a fresh install looks like a studio's
 * portfolio without downloading or shipping hundreds of megabytes of pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import opentype from 'opentype.js';

export interface ArtworkSpec {
  seed: number;
  width: number;
  height: number;
  /** Latin display text set in the poster (the typeface has no CJK glyphs); empty for none. */
  title: string;
  caption: string;
}

/**
 * Where the type goes: the part of the picture that survives every crop the site makes of it.
 * Project tiles are drawn with `object-fit: cover` at shapes from about 0.7:1 (a tall tile on a
 * narrow column) to 3:1 (a short tile on a wide column), so a 3:2 cover keeps its middle half
 * across and a 2:3 cover its middle 40% down. The title and caption sit in that middle, on a
 * label of the background colour, so no tile ever cuts a word.
 */
const SAFE = { x: 0.27, width: 0.46, portraitX: 0.1, portraitWidth: 0.8, y: 0.32, height: 0.36 };

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
  return `<path d="${pathData(font.getPath(value, x, y, size, LAYOUT))}" fill="${fill}"/>`;
}

/**
 * SVG path data of the glyphs, written here: opentype.js 1.x's toPathData writes "NaN" for some
 * contours (WAYFINDING, TEA WARE at some sizes), and the rasteriser then drops the rest of the
 * path, which cut words short ("COLO", "CIT").
 */
function pathData(glyphs: opentype.Path): string {
  const n = (value: number | undefined) => (value ?? 0).toFixed(1);
  return glyphs.commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x)} ${n(command.y)}`;
        case 'Q':
          return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
        case 'C':
          return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
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

const swiss: Composer = (w, h, p, r) => {
  const lines: string[] = [];
  const shift = (r() - 0.5) * 0.2;
  for (let i = 1; i < 12; i += 1) {
    lines.push(`<rect x="${(w / 12) * i}" y="0" width="2" height="${h}" fill="${p[1]}" opacity="0.12"/>`);
  }
  lines.push(`<rect x="${w * 0.08}" y="${h * 0.08}" width="${w * 0.5}" height="${h * 0.04}" fill="${p[2]}"/>`);
  lines.push(`<rect x="${w * (0.62 + shift)}" y="${h * (0.2 + shift)}" width="${w * 0.3}" height="${h * 0.45}" fill="${p[1]}"/>`);
  lines.push(`<circle cx="${w * (0.77 + shift)}" cy="${h * (0.42 + shift)}" r="${Math.min(w, h) * (0.07 + r() * 0.06)}" fill="${p[3]}"/>`);
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

const stripes: Composer = (w, h, p, r) => {
  const s = Math.min(w, h) * (0.8 + r() * 0.4);
  const band = s / (20 + Math.floor(r() * 16));
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

const arcs: Composer = (w, h, p, r) => {
  const s = Math.max(w, h) * (0.7 + r() * 0.5);
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

const composers: Array<{ compose: Composer; describe: string }> = [
  { compose: bauhaus, describe: '包豪斯式构成：大圆、方块与半圆' },
  { compose: swiss, describe: '瑞士网格构成：细竖线上的色条、色块与圆点' },
  { compose: gradient, describe: '三团柔和交叠的渐变色' },
  { compose: stripes, describe: '一个填满斜条纹的圆' },
  { compose: mockup, describe: '样机展示：投影中的白色卡片与几何标志' },
  { compose: arcs, describe: '从角落扩散的同心圆弧与点阵' },
];

/** The palettes in words, for alt texts. */
const paletteNames = ['米白底，红黄蓝', '深蓝底，珊瑚红与青色', '浅紫底，紫、橙与绿', '奶油底，墨绿与陶土色', '黑底，白与红', '灰蓝底，珊瑚红与湖蓝', '米色底，赭红与橄榄绿', '藏青底，米黄与琥珀'];

// Composition and palette vary independently, so neighbouring covers (seeds 7 apart) never share
// either and no two of the thirty covers are the same pair.
const compositionOf = (seed: number) => composers[seed % composers.length];
const paletteIndex = (seed: number) => (seed * 3 + Math.floor(seed / composers.length)) % palettes.length;

/** What the artwork of this seed shows, in the words an alt text needs (the title is added by the caller). */
export function describeArtwork(seed: number): string {
  return `${compositionOf(seed).describe}，${paletteNames[paletteIndex(seed)]}`;
}

export function artworkSvg(spec: ArtworkSpec): string {
  const { width: w, height: h } = spec;
  const r = random(spec.seed);
  const p = palettes[paletteIndex(spec.seed)];
  const { compose } = compositionOf(spec.seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${p[0]}"/>` +
    compose(w, h, p, r) +
    (spec.title ? label(spec, p) : '') +
    `</svg>`;
}

/** Title and caption, centred in the safe area on a label of the background colour. */
function label(spec: ArtworkSpec, p: string[]): string {
  const { width: w, height: h } = spec;
  const { bold, thin } = loadFonts();
  const portrait = h >= w;
  const safeX = w * (portrait ? SAFE.portraitX : SAFE.x);
  const safeWidth = w * (portrait ? SAFE.portraitWidth : SAFE.width);
  const pad = Math.min(w, h) * 0.035;
  const titleSize = Math.min(fitSize(bold, spec.title, safeWidth - pad * 2, Math.min(w, h) * 0.13), h * SAFE.height * 0.45);
  const captionSize = spec.caption ? Math.min(fitSize(thin, spec.caption, safeWidth - pad * 2, titleSize * 0.26), titleSize * 0.26) : 0;
  const titleWidth = bold.getAdvanceWidth(spec.title, titleSize, LAYOUT);
  const captionWidth = captionSize ? thin.getAdvanceWidth(spec.caption, captionSize, LAYOUT) : 0;
  const boxWidth = Math.max(titleWidth, captionWidth) + pad * 2;
  const boxHeight = titleSize * 0.78 + (captionSize ? captionSize * 2.2 : 0) + pad * 2;
  const boxX = safeX + (safeWidth - boxWidth) / 2;
  const boxY = h * (SAFE.y + SAFE.height / 2) - boxHeight / 2;
  const titleBaseline = boxY + pad + titleSize * 0.72;
  return `<rect x="${boxX}" y="${boxY}" width="${boxWidth}" height="${boxHeight}" fill="${p[0]}"/>` +
    text(bold, spec.title, boxX + (boxWidth - titleWidth) / 2, titleBaseline, titleSize, p[1]) +
    (captionSize
      ? text(thin, spec.caption, boxX + (boxWidth - captionWidth) / 2, titleBaseline + captionSize * 2, captionSize, p[1])
      : '');
}
