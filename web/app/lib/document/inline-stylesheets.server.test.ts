import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineStylesheetsFrom, stylesheetText } from './inline-stylesheets.server';

describe('the text of a built stylesheet, for the page to carry inline', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-css-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'media-viewer-url-abc.css'), '._controls_1{display:flex}');
    inlineStylesheetsFrom(dir);
  });
  afterEach(() => {
    inlineStylesheetsFrom(undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a stylesheet of the build', () => {
    expect(stylesheetText('/assets/media-viewer-url-abc.css')).toBe('._controls_1{display:flex}');
  });

  it('reads one React Router names with a `#` (a lazily imported chunk needs it too): left linked, pages waited for it', () => {
    expect(stylesheetText('/assets/media-viewer-url-abc.css#')).toBe('._controls_1{display:flex}');
  });

  it('reads nothing outside the build’s assets, and nothing without a build', () => {
    expect(stylesheetText('/assets/../secret.css')).toBeUndefined();
    expect(stylesheetText('/other/media-viewer-url-abc.css')).toBeUndefined();
    expect(stylesheetText('/assets/media-viewer-url-abc.css##')).toBeUndefined();
    inlineStylesheetsFrom(undefined);
    expect(stylesheetText('/assets/media-viewer-url-abc.css')).toBeUndefined();
  });

  it('leaves a stylesheet the build names but cannot read linked, rather than failing the page', () => {
    expect(stylesheetText('/assets/gone-abc.css')).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'assets', 'gone-abc.css'), '._a{color:red}');
    expect(stylesheetText('/assets/gone-abc.css')).toBe('._a{color:red}');
  });
});
