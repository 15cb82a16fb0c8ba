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
  // React Router lists a stylesheet that a lazily imported chunk needs too with a `#` at the end
  // (`…/media-viewer-url-….css#`, the viewer's chunk shares it with the pages that open it); it is
  // the same file. Left linked, it was a stylesheet every project and article page waited for.
  const file = href.endsWith('#') ? href.slice(0, -1) : href;
  if (!clientDir || !/^\/assets\/[\w.-]+\.css$/.test(file)) return undefined;
  let text = texts.get(file);
  if (text === undefined) {
    // A file the server's build names but cannot read (a new build put in place under a running
    // server, a partial copy) stays a linked stylesheet: the page is still drawn.
    try {
      text = fs.readFileSync(path.join(clientDir, file), 'utf8');
    } catch {
      return undefined;
    }
    texts.set(file, text);
  }
  return text;
}
