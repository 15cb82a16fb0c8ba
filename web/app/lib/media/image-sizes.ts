import { tokens } from '~/styles/tokens';
import type { Layout } from '../document/device';
import type { Media } from './media';

/**
 * `sizes` attributes that say how wide each picture is really drawn, so the browser picks the
 * smallest file that stays sharp. They follow the CSS of each view (spec 9's grid columns and rows,
 * panels and paddings), including `object-fit: cover`, which draws a picture wider than its box
 * when the box is taller than the picture.
 */

const aspectOf = (media: Media) => (media.width && media.height ? media.width / media.height : 1);
const px = (value: number) => `${Math.ceil(value)}px`;

interface AutoFillGrid {
  /** `minmax(min, 1fr)` column width. */
  columnMin: number;
  gap: number;
  /** Horizontal padding around the grid, both sides together. */
  padding: number;
  /** Height of the picture's box, for pictures wider than it (cover crop). */
  boxHeight: number;
  /** A fixed column count instead of auto-fill. */
  columns?: number;
  /** Columns the picture's box may span (a tile widened to end the grid flush). */
  span?: number;
}

/**
 * A CSS auto-fill grid (`repeat(auto-fill, minmax(min, 1fr))`): n columns from a viewport of
 * n × (min + gap) − gap + padding up; each column (viewport − padding − (n − 1) × gap) / n wide.
 */
function gridSizes({ columnMin, gap, padding, boxHeight, columns, span = 1 }: AutoFillGrid, aspect: number): string {
  const coverWidth = px(boxHeight * aspect);
  const column = (n: number) => {
    const taken = padding + (n - 1) * gap;
    const spanned = Math.min(span, n);
    const width = taken
      ? `calc((100vw - ${taken}px)${spanned > 1 ? ` * ${spanned}` : ''} / ${n})`
      : `${+((100 * spanned) / n).toFixed(2)}vw`;
    return `max(${width}, ${coverWidth})`;
  };
  if (columns) return column(columns);
  const entries: string[] = [];
  for (let n = 1; n < 6; n += 1) entries.push(`(max-width: ${(n + 1) * (columnMin + gap) - gap + padding - 1}px) ${column(n)}`);
  entries.push(column(6));
  return entries.join(', ');
}

/**
 * Project tiles: 400px columns without gaps, 266px rows, tall tiles two rows (spec 9); a tile that
 * ends the grid may span more columns (`span`, the most it takes at any width).
 */
export function projectTileSizes(cover: Media, tall: boolean, span = 1): string {
  const { projectColumnMin, projectRow } = tokens.size;
  return gridSizes({ columnMin: projectColumnMin, gap: 0, padding: 0, boxHeight: tall ? projectRow * 2 : projectRow, span }, aspectOf(cover));
}

/** Article cards: 360px columns, 20px gaps, 24px padding, a 400px row less its 144px text area. */
export function articleCoverSizes(cover: Media, layout: Layout, few: boolean): string {
  const { articleColumnMin, articleGap, articleRow, articleTextArea } = tokens.size;
  const grid = { columnMin: articleColumnMin, gap: articleGap, padding: 48, boxHeight: articleRow - articleTextArea };
  return gridSizes(few ? { ...grid, columns: layout === 'phone' ? 1 : 4 } : grid, aspectOf(cover));
}

/**
 * The landing's full-screen backgrounds: cropped to cover the viewport, then pushed in to 108%
 * over their 8 seconds (spec 9), so a landscape picture on an upright phone is drawn far wider
 * than the screen.
 */
export const LANDING_PUSH_IN = 1.08;
export const landingSizes = (image: Media | number) =>
  `calc(max(100vw, ${(typeof image === 'number' ? image : aspectOf(image)).toFixed(3)} * 100vh) * ${LANDING_PUSH_IN})`;

/** Project media beside the 400px info panel on web, full width on phones (spec 2). */
export const projectMediaSizes = (layout: Layout) => (layout === 'phone' ? '100vw' : `calc(100vw - ${tokens.size.detailPanel}px)`);

/**
 * How many of a project's media start on the first screen, and so load at once (the rest load
 * lazily as they come near). Counted for the reference screen of each layout (phone: 390 × 844;
 * web: 1440 × 900, the media column beside the 400px panel) from the media's aspect ratios, so a
 * phone that shows a second picture under a landscape first one has both arriving with the page
 * (the second is then usually the largest picture on the screen).
 */
export function projectMediaOnFirstScreen(media: readonly Media[], layout: Layout): number {
  return firstScreenShares(media, layout).length;
}

/**
 * Of a project's media on the first screen, the one that shows the most of itself there (its
 * height on the reference screen times the column's width): the picture a visitor waits for, and
 * what the page's largest contentful paint is. The first when none is larger; with `counts`, the
 * largest of those it counts (the pictures, where a video cannot be asked for ahead).
 */
export function projectMediaLargestOnFirstScreen(media: readonly Media[], layout: Layout, counts: (item: Media) => boolean = () => true): number {
  const shares = firstScreenShares(media, layout).map((share, index) => (counts(media[index]!) ? share : -1));
  return shares.reduce((largest, share, index) => (share > shares[largest]! ? index : largest), 0);
}

/**
 * A project page's lead picture: the picture of its first screen it shows most of. The route asks
 * for it first (its `handle`) and the page draws it alone at high priority (decision 022).
 */
export function projectLeadPicture(media: readonly Media[], layout: Layout): number {
  return projectMediaLargestOnFirstScreen(media, layout, (item) => item.kind === 'image');
}

/** The height each of the first screen's media shows on it, in order (spec 2's stacked column). */
function firstScreenShares(media: readonly Media[], layout: Layout): number[] {
  const { headerHeight, detailPanel } = tokens.size;
  const [width, height] = layout === 'phone' ? [390, 844] : [1440 - detailPanel, 900];
  const gap = 8;
  let top = headerHeight;
  const shares: number[] = [];
  for (const item of media) {
    if (top >= height) break;
    const drawn = width / aspectOf(item);
    shares.push(Math.min(top + drawn, height) - top);
    top += drawn + gap;
  }
  return shares;
}

/** The page's two side margins (tokens.space.gutter*). */
const gutters = (layout: Layout) => 2 * (layout === 'phone' ? tokens.space.gutterPhone : tokens.space.gutterWeb);

/** The article carousel: the 1000px column less its side margins, letterboxed in 3:2. */
export const carouselSizes = (layout: Layout) => `min(calc(100vw - ${gutters(layout)}px), ${1000 - gutters(layout)}px)`;

/** Profile portraits: 230px on web; on phones the column between the side margins (spec 9's 90%). */
export function portraitSizes(portrait: Media, layout: Layout): string {
  const wider = Math.max(1, aspectOf(portrait)); // square frames, cover crop
  return layout === 'phone' ? `calc((100vw - ${gutters(layout)}px) * ${wider.toFixed(3)})` : px(tokens.size.portraitWeb * wider);
}
