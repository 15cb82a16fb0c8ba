import { describe, expect, it } from 'vitest';
import { toMedia } from './media-schema.server';
import { placeholderStyle } from './placeholder';

describe("a picture's placeholder", () => {
  it('is its average colour with its four corners fading in', () => {
    const style = placeholderStyle('808080,ff0000,00ff00,0000ff,ffffff');
    expect(style?.backgroundColor).toBe('#808080');
    expect(style?.backgroundImage).toBe(
      'radial-gradient(circle at 0% 0%, #ff0000, transparent 72%), radial-gradient(circle at 100% 0%, #00ff00, transparent 72%), ' +
        'radial-gradient(circle at 0% 100%, #0000ff, transparent 72%), radial-gradient(circle at 100% 100%, #ffffff, transparent 72%)',
    );
  });

  it('is nothing when the CMS has none, or sends something else (never drawn into a style)', () => {
    for (const value of [null, undefined, '', 'red', '808080', '808080,ff0000,00ff00,0000ff,ffffff);background:url(x)']) {
      expect(placeholderStyle(value), String(value)).toBeUndefined();
    }
    expect(toMedia({ url: '/uploads/a.jpg', ext: '.jpg', placeholder: 'url(javascript:x)' }, { baseUrl: 'http://cms' }).placeholder).toBeNull();
    expect(toMedia({ url: '/uploads/a.jpg', ext: '.jpg', placeholder: '808080,ff0000,00ff00,0000ff,ffffff' }, { baseUrl: 'http://cms' }).placeholder).toBe(
      '808080,ff0000,00ff00,0000ff,ffffff',
    );
  });
});
