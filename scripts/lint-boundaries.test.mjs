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
  return result.messages.filter((message) => ['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-properties', 'boundaries/no-cross-feature-imports'].includes(message.ruleId)).map((message) => message.message);
};

// The first test pays ESLint's cold start with the project's type information: 5.5 s once on a
// busy machine, past Vitest's 5 s default.
describe('import boundaries', { timeout: 30_000 }, () => {
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

  it('refuses a feature importing another feature, by a relative path or by `~/`', async () => {
    expect(await lint('web/app/features/contact/components/boundary-probe.tsx', "import { x } from '../../shell/components/x';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/feature "contact" must not import the feature "shell"/),
    ]);
    expect(await lint('web/app/features/landing/boundary-probe.ts', "import { x } from '~/features/projects/components/project-grid';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/feature "landing" must not import the feature "projects"/),
    ]);
    expect(await lint('web/app/features/shell/api/boundary-probe.ts', "export { x } from '../../contact/api/get-contact.server';\n")).toHaveLength(1);
    expect(await lint('web/app/features/shell/api/boundary-probe.ts', "export const y = () => import('~/features/contact/api/x');\n")).toHaveLength(1);
  });

  it('lets a feature import itself, shared code by `~/`, and a route compose features', async () => {
    expect(await lint('web/app/features/projects/components/boundary-probe.tsx', "import { x } from '../api/x';\nimport { z } from '~/features/projects/grid-fill';\nimport { w } from '~/lib/navigation/grid-entrance';\nexport const y = [x, z, w];\n")).toEqual([]);
    expect(await lint('web/app/routes/boundary-probe.tsx', "import { x } from '~/features/shell/x';\nimport { z } from '~/features/contact/z';\nexport const y = [x, z];\n")).toEqual([]);
  });

  it('refuses shared code importing a feature by `~/` too', async () => {
    expect(await lint('web/app/lib/boundary-probe.ts', "import { x } from '~/features/translation/x';\nexport const y = x;\n")).toEqual([expect.stringMatching(/must not import a feature/)]);
  });

  it('refuses an import that climbs three folders, and the environment read outside the site config', async () => {
    expect(await lint('web/app/features/shell/components/boundary-probe.tsx', "import { x } from '../../../lib/x';\nexport const y = x;\n")).toEqual([expect.stringMatching(/rather than climbing/)]);
    expect(await lint('web/server/pages/boundary-probe.ts', "export { x } from '../../../app/lib/x';\n")).toHaveLength(1);
    expect(await lint('web/app/lib/media/boundary-probe.tsx', "import { x } from '../../components/x';\nexport const y = x;\n")).toEqual([]);
    expect(await lint('web/server/pages/boundary-probe.ts', 'export const port = process.env.PORT;\n')).toEqual([expect.stringMatching(/web\/server\/config.ts/)]);
    expect(await lint('web/server/config.ts', 'export const port = process.env.PORT;\n')).toEqual([]);
    expect(await lint('cms/src/boundary-probe.ts', 'export const port = process.env.CMS_PORT;\n')).toEqual([expect.stringMatching(/cms\/src\/env.ts/)]);
  });
});
