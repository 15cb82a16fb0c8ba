// The import boundaries of issue 27 are enforced by the lint step of `npm test`: this proves the
// rule fires on an upward import (and stays quiet on the allowed direction), so a config change
// that silently dropped it would fail here.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from './lib/stack.mjs';

const eslint = new ESLint({ cwd: rootDir });
const lint = async (file, code) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(rootDir, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
};

describe('import boundaries', () => {
  it('refuses a shared module (lib/, components/) importing a feature', async () => {
    expect(await lint('web/app/lib/boundary-probe.ts', "import { x } from '../features/translation/x';\nexport const y = x;\n")).toEqual([expect.stringMatching(/must not import a feature/)]);
    expect(await lint('web/app/components/boundary-probe.tsx', "import { x } from '../features/shell/x';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('refuses the app importing the production server', async () => {
    expect(await lint('web/app/routes/boundary-probe.ts', "import { x } from '../../server/config';\nexport const y = x;\n")).toEqual([expect.stringMatching(/must not import the production server/)]);
  });

  it('lets features use shared code, and the app use react-dom/server', async () => {
    expect(await lint('web/app/features/shell/boundary-probe.ts', "import { x } from '../../lib/x';\nexport const y = x;\n")).toEqual([]);
    expect(await lint('web/app/lib/boundary-probe.ts', "import { renderToString } from 'react-dom/server';\nexport const y = renderToString;\n")).toEqual([]);
  });
});
