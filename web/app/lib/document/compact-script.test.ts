import { describe, expect, it } from 'vitest';
import { compactScript } from './compact-script';
import { EARLY_INPUT_SCRIPT } from './early-input';

describe('inline scripts as every document carries them', () => {
  it('drops indentation, empty lines and comment lines, and keeps a // inside a line', () => {
    const source = `(function () {
      // a comment line
      var url = 'https://example.test/a'; // not a comment line

      return url;
    })();`;
    expect(compactScript(source)).toBe("(function () {\nvar url = 'https://example.test/a'; // not a comment line\nreturn url;\n})();");
    expect(new Function(`return ${compactScript(source)}`)()).toBe('https://example.test/a');
  });

  it("leaves the early-input recorder a script that runs, without its source's comments", () => {
    expect(EARLY_INPUT_SCRIPT).not.toMatch(/^\s*\/\//m);
    expect(EARLY_INPUT_SCRIPT).not.toMatch(/^\s/m);
    expect(() => new Function(EARLY_INPUT_SCRIPT)).not.toThrow();
  });
});
