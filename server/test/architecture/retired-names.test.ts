import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeFiles, identifiersOf } from './code-names.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CODE = ['contract/src', 'contract/test', 'server/src', 'server/test', 'web/src', 'e2e', 'bench', 'scripts'];

/**
 * Words docs/glossary.md retired, and the word the code says instead. Only names are checked: file paths and
 * identifiers. HTTP paths, job queues, tables and screen texts are strings, so they keep their published words.
 */
const RETIRED = [
  { word: /radiant/i, instead: 'sync or stored data' },
  // "consents" meant central grants; a player's SWCombine consents say so in their name or live in an swc folder.
  { word: /(?<!swc-?)consents|^Consent(Data|Query)$/i, instead: 'central grants', except: /(^|\/)swc-/ },
];

/** Bare `grant` meant five things; a variable, parameter or type says which (central grant, SWCombine grant, …). */
const BARE_GRANT = /^grants?$/i;
/**
 * Where a bare `grant` is still declared: the OpenID Provider's own `Grant` (the glossary's OIDC grant), in its
 * feature and its records' queries.
 */
const BARE_GRANT_ALLOWED = ['server/src/services/oidc/', 'server/src/queries/oidc-payloads.ts'];

/** Every use of a retired name in one file, as `file:line name (say … instead)`. */
export function retiredNamesIn(file: string, text?: string): string[] {
  const relative = path.relative(ROOT, file);
  const found: string[] = [];
  const retiredHere = RETIRED.filter(({ except }) => !except?.test(relative));
  for (const { word, instead } of retiredHere) {
    if (word.test(relative)) found.push(`${relative} (the file's name: say ${instead} instead)`);
  }
  const checksGrant = relative.startsWith('server/src/') && !BARE_GRANT_ALLOWED.some((allowed) => relative.startsWith(allowed));
  for (const { name, line, declared } of identifiersOf(file, text)) {
    const retired = retiredHere.find(({ word }) => word.test(name));
    if (retired) found.push(`${relative}:${line} ${name} (say ${retired.instead} instead)`);
    else if (checksGrant && declared && BARE_GRANT.test(name)) found.push(`${relative}:${line} ${name} (say which grant)`);
  }
  return found;
}

describe('the glossary holds in code', () => {
  it('no retired name comes back in a file name or an identifier', () => {
    const found = codeFiles(ROOT, CODE).flatMap((file) => retiredNamesIn(file));
    expect(found, `retired names (docs/glossary.md):\n${found.join('\n')}`).toEqual([]);
  });
});

describe('the retired-name check', () => {
  it('names a retired identifier, file name and bare grant, and lets published strings and SWCombine consents be', () => {
    const sample = [
      "const radiantRows = '/api/admin/radiant/data';",
      'type ConsentData = { scp: string[] };',
      'const swcConsents = useSwcConsents();',
      "const text = 'Central Consents';",
      'function narrow(grant: string) { return grant; }',
    ].join('\n');
    expect(retiredNamesIn(path.join(ROOT, 'server/src/services/admin/radiant-consents.ts'), sample)).toEqual([
      "server/src/services/admin/radiant-consents.ts (the file's name: say sync or stored data instead)",
      "server/src/services/admin/radiant-consents.ts (the file's name: say central grants instead)",
      'server/src/services/admin/radiant-consents.ts:1 radiantRows (say sync or stored data instead)',
      'server/src/services/admin/radiant-consents.ts:2 ConsentData (say central grants instead)',
      'server/src/services/admin/radiant-consents.ts:5 grant (say which grant)',
    ]);
    expect(retiredNamesIn(path.join(ROOT, 'web/src/features/swc-consents/panel.tsx'), 'const consents = useSwcConsents();')).toEqual([]);
  });
});
