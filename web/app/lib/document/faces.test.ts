import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACE_WEIGHTS, FACES_ATTRIBUTE, FACES_KEY, facesScript, facesVersion, facesWithheld, fetchFaces } from './faces';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute(FACES_ATTRIBUTE);
  root.removeAttribute('data-layout');
  localStorage.clear();
});

/** Runs the inline snippet as the page's first script would. */
const runScript = (version: string) => new Function(facesScript(version))();

describe('the inline snippet at the top of a page', () => {
  it('draws a phone in the faces it fetched before, from the first paint', () => {
    root.setAttribute('data-layout', 'phone');
    localStorage.setItem(FACES_KEY, 'v1');
    runScript('v1');
    expect(root.hasAttribute(FACES_ATTRIBUTE)).toBe(true);
    expect(facesWithheld()).toBe(false);
  });

  it('leaves them out on a first visit, and when the faces are a new cut', () => {
    root.setAttribute('data-layout', 'phone');
    runScript('v1');
    expect(facesWithheld()).toBe(true);
    localStorage.setItem(FACES_KEY, 'v0');
    runScript('v1');
    expect(facesWithheld()).toBe(true);
  });

  it('never withholds them from a desktop window', () => {
    root.setAttribute('data-layout', 'web');
    runScript('v1');
    expect(facesWithheld()).toBe(false);
  });

  it('does not stop the page when storage is refused', () => {
    root.setAttribute('data-layout', 'phone');
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => runScript('v1')).not.toThrow();
    expect(facesWithheld()).toBe(true);
    getItem.mockRestore();
  });
});

describe('fetching the faces after the first page', () => {
  const storage = () => ({ setItem: vi.fn() });

  it('asks for each weight for the page’s own text, then notes the version', async () => {
    const load = vi.fn(async (_font: string, _text?: string) => [] as FontFace[]);
    const store = storage();
    await expect(fetchFaces('v2', { fonts: { load }, storage: store, text: 'Studio Zürich', saveData: false })).resolves.toBe(true);
    expect(load.mock.calls.map(([font, text]) => [font, text])).toEqual(FACE_WEIGHTS.map((weight) => [`${weight} 1em "Studio Sans"`, 'Studio Zürich']));
    expect(store.setItem).toHaveBeenCalledWith(FACES_KEY, 'v2');
  });

  it('fetches nothing for a visitor saving data', async () => {
    const load = vi.fn(async (_font: string, _text?: string) => [] as FontFace[]);
    const store = storage();
    await expect(fetchFaces('v2', { fonts: { load }, storage: store, text: 'x', saveData: true })).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(store.setItem).not.toHaveBeenCalled();
  });

  it('keeps the system’s faces, and notes nothing, when a face fails to load', async () => {
    const load = vi.fn(async () => {
      throw new DOMException('failed', 'NetworkError');
    });
    const store = storage();
    await expect(fetchFaces('v2', { fonts: { load }, storage: store, text: 'x', saveData: false })).resolves.toBe(false);
    expect(store.setItem).not.toHaveBeenCalled();
  });
});

describe('the version of the faces', () => {
  it('is the same for the same files and changes with any of them', () => {
    const files = ['/assets/raleway-latin-400-unhinted-A.woff2', '/assets/raleway-latin-700-unhinted-B.woff2'];
    expect(facesVersion(files)).toBe(facesVersion([...files]));
    expect(facesVersion(files)).not.toBe(facesVersion([files[0]!, '/assets/raleway-latin-700-unhinted-C.woff2']));
  });
});
