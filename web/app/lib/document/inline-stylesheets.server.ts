import fs from 'node:fs';
import path from 'node:path';

let clientDir: string | undefined;
const texts = new Map<string, string>();

/** Where the built browser assets are (production); without it stylesheets stay linked files. */
export function inlineStylesheetsFrom(dir: string | undefined): void {
  clientDir = dir;
  texts.clear();
}

/**
 * The text of a built stylesheet (`/assets/….css`), read once. A page carries those of the routes
 * it renders (decision 022): sent inside the page they cost less than the request a phone would
 * wait for before its first paint.
 */
export function stylesheetText(href: string): string | undefined {
  if (!clientDir || !/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
  let text = texts.get(href);
  if (text === undefined) {
    text = fs.readFileSync(path.join(clientDir, href), 'utf8');
    texts.set(href, text);
  }
  return text;
}
