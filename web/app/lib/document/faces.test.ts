import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACES_ATTRIBUTE, FACES_KEY, facesForText, facesScript, facesVersion, facesWithheld, fetchFaces, inUnicodeRange, layOutInTypeface, textStyles, withinFetched, type FaceFile } from './faces';

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

describe('the faces a page needs', () => {
  const face = (weight: number, unicodeRange: string, name: string): FaceFile => ({ weight, unicodeRange, phoneUrl: `/assets/${name}-${weight}.woff2` });
  const faces = [
    face(100, 'U+0020-007E,U+00A0', 'latin'),
    face(400, 'U+0020-007E,U+00A0', 'latin'),
    face(400, 'U+00A1-00A8,U+00B8-00FF', 'latin-1'),
    face(400, 'U+0100-0151', 'latin-ext'),
    face(700, 'U+0020-007E,U+00A0', 'latin'),
    face(700, 'U+00A1-00A8,U+00B8-00FF', 'latin-1'),
  ];

  it('reads a unicode range', () => {
    expect(inUnicodeRange('U+0020-007E,U+00A0', 0x41)).toBe(true);
    expect(inUnicodeRange('U+0020-007E,U+00A0', 0xa0)).toBe(true);
    expect(inUnicodeRange('U+0020-007E,U+00A0', 0xa1)).toBe(false);
  });

  it('takes the weights the text is drawn in, and the parts holding its characters', () => {
    expect(facesForText(faces, '工作室 Studio 2025').map(({ phoneUrl }) => phoneUrl)).toEqual(['/assets/latin-400.woff2', '/assets/latin-700.woff2']);
    expect(facesForText(faces, 'Zürich').map(({ phoneUrl }) => phoneUrl)).toEqual([
      '/assets/latin-400.woff2',
      '/assets/latin-1-400.woff2',
      '/assets/latin-700.woff2',
      '/assets/latin-1-700.woff2',
    ]);
    expect(facesForText(faces, '工作室')).toEqual([]);
  });
});

describe('fetching the faces after the first page', () => {
  const storage = () => ({ setItem: vi.fn() });
  const files: FaceFile[] = [
    { weight: 400, unicodeRange: 'U+0020-007E', phoneUrl: '/assets/a.woff2' },
    { weight: 700, unicodeRange: 'U+0020-007E', phoneUrl: '/assets/b.woff2' },
  ];
  const loaded = (file: FaceFile) => ({ family: 'Studio Sans', file }) as unknown as FontFace;

  it('fetches each face into a face of its own, then notes the version', async () => {
    const load = vi.fn(async (file: FaceFile) => loaded(file));
    const store = storage();
    const faces = await fetchFaces('v2', files, { load, storage: store, saveData: false });
    expect(faces).toHaveLength(2);
    expect(load.mock.calls.map(([file]) => file.phoneUrl)).toEqual(['/assets/a.woff2', '/assets/b.woff2']);
    expect(store.setItem).toHaveBeenCalledWith(FACES_KEY, 'v2');
  });

  it('fetches nothing for a visitor saving data, or a page with nothing for the typeface to draw', async () => {
    const load = vi.fn(async (file: FaceFile) => loaded(file));
    const store = storage();
    await expect(fetchFaces('v2', files, { load, storage: store, saveData: true })).resolves.toBeNull();
    await expect(fetchFaces('v2', [], { load, storage: store, saveData: false })).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(store.setItem).not.toHaveBeenCalled();
  });

  it('keeps the system’s faces, and notes nothing, when a face fails to load', async () => {
    const load = vi.fn(async (file: FaceFile) => {
      if (file.weight === 700) throw new DOMException('failed', 'NetworkError');
      return loaded(file);
    });
    const store = storage();
    await expect(fetchFaces('v2', files, { load, storage: store, saveData: false })).resolves.toBeNull();
    expect(store.setItem).not.toHaveBeenCalled();
  });

  it('still gives the faces when storage refuses to note them', async () => {
    const store = { setItem: vi.fn(() => { throw new DOMException('full', 'QuotaExceededError'); }) };
    await expect(fetchFaces('v2', files, { load: async (file) => loaded(file), storage: store, saveData: false })).resolves.toHaveLength(2);
  });
});

describe('the version of the faces', () => {
  it('is the same for the same files and changes with any of them', () => {
    const files = ['/assets/raleway-latin-400-unhinted-A.woff2', '/assets/raleway-latin-700-unhinted-B.woff2'];
    expect(facesVersion(files)).toBe(facesVersion([...files]));
    expect(facesVersion(files)).not.toBe(facesVersion([files[0]!, '/assets/raleway-latin-700-unhinted-C.woff2']));
  });
});

describe('the ways a page sets its text, read to ready the typeface', () => {
  const page = (html: string) => {
    const root = document.createElement('main');
    root.innerHTML = html;
    document.body.append(root);
    return root;
  };
  const byFont = (styles: ReturnType<typeof textStyles>) => new Map(styles.map(({ fontStyle, fontWeight, fontSize, text }) => [`${fontStyle} ${fontWeight} ${fontSize}`, text]));

  it('gives each size, weight and style with the text set in it', () => {
    const root = page(`
      <h1 style="font: normal 700 24px serif">A calligrapher's hand</h1>
      <p style="font: normal 400 14px serif">Set in <em style="font: italic 400 14px serif">one</em> weight.</p>
      <p style="font: normal 400 14px serif">Again.</p>
      <script>var unseen = 1;</script>
      <svg><title>An icon's name</title></svg>`);
    const styles = byFont(textStyles(root));
    expect(styles.get('normal 700 24px')).toBe("A calligrapher's hand");
    expect(styles.get('normal 400 14px')).toBe('Set in weight. Again.');
    expect(styles.get('italic 400 14px')).toBe('one');
    expect([...styles.values()].join(' ')).not.toMatch(/unseen|icon/);
  });

  it('tells apart elements without a class by where they are', () => {
    const root = page(`
      <h2 class="title" style="font: normal 700 22px serif"><span>Awards</span></h2>
      <p class="note" style="font: normal 400 12px serif"><span>Since 2012</span></p>`);
    const styles = byFont(textStyles(root));
    expect(styles.get('normal 700 22px')).toBe('Awards');
    expect(styles.get('normal 400 12px')).toBe('Since 2012');
  });

  it('reads one part of each kind the browser may skip off screen, not every tile of a long grid', () => {
    const tiles = Array.from({ length: 30 }, (_, index) => `<li class="tile" data-skippable><span class="name" style="font: normal 700 18px serif">Project ${index + 1}</span></li>`);
    const root = page(`<ul>${tiles.join('')}</ul>`);
    const read = vi.spyOn(window, 'getComputedStyle');
    const styles = byFont(textStyles(root));
    expect(styles.get('normal 700 18px')).toBe('Project 1');
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('adds the pixel sizes the stylesheets declare, in both weights, with a line of the page', () => {
    const sheet = document.createElement('style');
    sheet.textContent = '.title { font-size: 26px } .note { font-size: 1.2em }';
    document.head.append(sheet);
    const styles = byFont(textStyles(page('<p style="font: normal 400 14px serif">Studio notes</p>')));
    expect(styles.get('normal 400 26px')).toBe('Studio notes');
    expect(styles.get('normal 700 26px')).toBe('Studio notes');
    expect([...styles.keys()].some((key) => key.includes('em'))).toBe(false);
    sheet.remove();
  });

  it('lays a line out in the typeface, then leaves nothing on the page', () => {
    const before = document.body.innerHTML;
    const added: HTMLElement[] = [];
    const watch = new MutationObserver((records) => records.forEach((record) => added.push(...(Array.from(record.addedNodes) as HTMLElement[]))));
    watch.observe(document.body, { childList: true });
    layOutInTypeface({ fontStyle: 'normal', fontWeight: '700', fontSize: '24px', text: "A calligrapher's hand" });
    const [line] = [...added, ...(watch.takeRecords().flatMap((record) => Array.from(record.addedNodes)) as HTMLElement[])];
    watch.disconnect();
    expect(line?.textContent).toBe("A calligrapher's hand");
    expect(line?.getAttribute('aria-hidden')).toBe('true');
    expect([line?.style.fontWeight, line?.style.fontSize, line?.style.visibility]).toEqual(['700', '24px', 'hidden']);
    expect(line?.style.fontFamily).toContain('--font-typeface');
    expect(document.body.innerHTML).toBe(before);
  });

  it('keeps the characters the fetched faces or the system draw, not those another face would be fetched for', () => {
    const latin: FaceFile = { weight: 400, unicodeRange: 'U+0020-007E', phoneUrl: '/assets/latin-400.woff2' };
    const latinExt: FaceFile = { weight: 400, unicodeRange: 'U+0100-017F', phoneUrl: '/assets/latin-ext-400.woff2' };
    expect(withinFetched('Łódź 工作室 Studio', [latin, latinExt], [latin])).toBe('ód 工作室 Studio');
    expect(withinFetched('Łódź', [latin, latinExt], [latin, latinExt])).toBe('Łódź');
  });
});
