import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps the OpenID Provider library (oidc-provider) in one room,
// server/src/services/oidc/library-gaps/: it must fail on every way a file elsewhere can reach the
// library, and leave the room and the gaps' own tests alone.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the room's rule on `code`, as if it were the file at `file` (relative to the repository). */
async function roomViolations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const WAYS_IN: Record<string, string> = {
  'a static import': "import Provider from 'oidc-provider';\nexport default Provider;\n",
  'a type import': "import type { Configuration } from 'oidc-provider';\nexport type C = Configuration;\n",
  're-exporting it': "export { errors } from 'oidc-provider';\n",
  'a deep import': "import errors from 'oidc-provider/lib/helpers/errors.js';\nexport default errors;\n",
  'a dynamic import': "export const load = () => import('oidc-provider');\n",
  'a deep dynamic import': "export const load = () => import('oidc-provider/lib/helpers/re_render_errors.js');\n",
  'a dynamic import of a template': 'export const load = () => import(`oidc-provider/lib/${"helpers"}/errors.js`);\n',
  'require()':
    "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const lib = require('oidc-provider');\n",
  'require.resolve()':
    "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const where = require.resolve('oidc-provider/package.json');\n",
};

const OUTSIDE = [
  'server/src/services/oidc/provider.ts',
  'server/src/routes/oidc/any.ts',
  'server/test/routes/oidc/any.test.ts',
  'bench/any.ts',
];

describe('the lint rule that keeps oidc-provider in library-gaps/', () => {
  it.each(OUTSIDE)('fails %s on every way into the library', async (file) => {
    const missed: string[] = [];
    for (const [way, code] of Object.entries(WAYS_IN)) {
      const messages = await roomViolations(file, code);
      if (!messages.some((m) => m.includes('library-gaps/'))) missed.push(way);
    }
    expect(missed).toEqual([]);
  });

  it('lets a package named alike through, and the room and the gaps’ own tests import the library', async () => {
    expect(await roomViolations('server/src/services/x.ts', "export const load = () => import('oidc-provider-plugin');\n")).toEqual([]);
    for (const file of ['server/src/services/oidc/library-gaps/any.ts', 'server/test/services/oidc/library-gaps/any.test.ts']) {
      for (const code of Object.values(WAYS_IN)) expect(await roomViolations(file, code), `${file}: ${code}`).toEqual([]);
    }
  });
});
