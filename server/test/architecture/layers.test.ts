import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './import-graph.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Start-up and the two HTTP services put every part together: they may import anything, and nothing else imports them. */
const COMPOSITION = ['main.ts', 'app.ts', 'management-app.ts'];

/**
 * The README's folder table, as imports: what each part of server/src may import besides itself. A folder
 * ends in `/`; a file at the top of src/ stands for itself.
 */
const MAY_IMPORT: Record<string, string[]> = {
  'routes/': ['plugins/', 'services/', 'domain/', 'lib/', 'deps.ts', 'config.ts'],
  'web/': ['plugins/', 'services/', 'domain/', 'lib/', 'deps.ts', 'config.ts'],
  'plugins/': ['services/', 'domain/', 'lib/', 'metrics.ts', 'deps.ts', 'config.ts'],
  'cli/': ['db/', 'lib/', 'domain/', 'config.ts'],
  'jobs/': ['services/', 'db/', 'domain/', 'lib/', 'deps.ts', 'config.ts'],
  'metrics.ts': ['services/', 'domain/', 'deps.ts'],
  'services/': ['queries/', 'integrations/', 'db/', 'domain/', 'lib/', 'deps.ts', 'config.ts'],
  'integrations/': ['domain/', 'lib/', 'config.ts'],
  'deps.ts': ['integrations/', 'lib/', 'config.ts'],
  'queries/': ['db/', 'domain/', 'lib/'],
  'lib/': ['domain/'],
  'config.ts': ['db/', 'domain/'],
  'db/': ['lib/', 'domain/'],
  'domain/': [],
  'runtime-flags.ts': [],
  'migrations/': [],
};

/**
 * The feature table of docs/layers.md: which features inside services/ each feature may use besides itself. A feature is a
 * folder (ends in `/`) or a file at the top of services/, which stands for itself.
 */
const FEATURE_MAY_USE: Record<string, string[]> = {
  'access-end/': ['discord/'],
  'account/': ['access-end/', 'audit.ts', 'decisions/', 'groups/', 'sessions/'],
  'admin/': ['access-end/', 'account/', 'audit.ts', 'decisions/', 'discord/', 'groups/', 'oidc/', 'registered-urls.ts', 'stored-data/'],
  'app-access/': ['audit.ts', 'decisions/', 'sessions/', 'sign-in/', 'swc-grants/', 'tokens/'],
  'app-origins.ts': [],
  'audit-trail/': ['audit.ts', 'registered-urls.ts'],
  'audit.ts': [],
  'decisions/': [],
  'discord/': ['audit.ts'],
  'encryption-key/': [],
  'groups/': ['access-end/', 'audit.ts', 'decisions/', 'discord/'],
  'health/': [],
  'oidc/': ['access-end/', 'app-access/', 'audit.ts', 'sessions/', 'sign-in/', 'swcombine/', 'tokens/'],
  'passkeys/': ['audit.ts', 'decisions/', 'sessions/'],
  'registered-urls.ts': [],
  'runtime-config.ts': [],
  'service-jwts/': ['audit.ts', 'tokens/'],
  'sessions/': ['access-end/', 'audit-trail/', 'audit.ts'],
  'sign-in/': ['audit.ts', 'decisions/', 'groups/', 'sessions/', 'swc-grants/', 'swcombine/'],
  'stored-data/': ['tokens/'],
  'swc-bindings/': ['audit.ts', 'swcombine/'],
  'swc-grants/': ['audit.ts', 'sessions/', 'swcombine/'],
  'swcombine-callback.ts': ['audit.ts', 'sessions/', 'sign-in/', 'swc-bindings/', 'swc-grants/', 'swcombine/'],
  'swcombine/': ['audit.ts', 'sessions/'],
  'sync/': ['audit.ts', 'swcombine/'],
  'tokens/': [],
};

/** `services/sync/run-sync.ts` -> `sync/`, `services/audit.ts` -> `audit.ts`; undefined outside services/. */
const serviceFeatureOf = (file: string) => {
  const [top, first, ...rest] = file.split('/');
  if (top !== 'services' || first === undefined) return undefined;
  return rest.length ? `${first}/` : first;
};

/** Every import between features of services/ that the feature table forbids, as `from -> to (why)`. */
function brokenFeatureRules(graph: Map<string, string[]>): string[] {
  const broken: string[] = [];
  for (const [fromPath, targets] of graph) {
    const from = path.relative(SRC, fromPath);
    const feature = serviceFeatureOf(from);
    if (feature === undefined) continue;
    for (const to of targets.map((target) => path.relative(SRC, target))) {
      const used = serviceFeatureOf(to);
      if (used === undefined || used === feature) continue;
      const allowed = FEATURE_MAY_USE[feature];
      if (!allowed) broken.push(`${from} -> ${to} (${feature} is not in the feature table)`);
      else if (!allowed.includes(used)) broken.push(`${from} -> ${to} (${feature} may use ${allowed.join(', ') || 'no other feature'})`);
    }
  }
  return broken;
}

/** The feature table as docs/layers.md writes it: its rows of `feature` | `used`, `used`, … */
function writtenFeatureTable(): Record<string, string[]> {
  const text = readFileSync(path.resolve(SRC, '../../docs/layers.md'), 'utf8');
  const rows = text.matchAll(/^\| `([^`]+)` +\| ((?:`[^`]+`(?:, )?)+|—) +\|$/gm);
  return Object.fromEntries([...rows].map(([, feature, used]) => [feature!, [...used!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)]));
}

/** `services/sync/queries/x.ts` -> `services/sync/`: SQL that only one feature's services use. */
const featureOf = (file: string) => /^(services\/[^/]+\/)queries\//.exec(file)?.[1];

const partOf = (file: string) => {
  const [first, ...rest] = file.split('/');
  return rest.length ? `${first}/` : first!;
};

/** Every import that the table forbids, as `from -> to (why)`. */
function brokenRules(graph: Map<string, string[]>): string[] {
  const broken: string[] = [];
  for (const [fromPath, targets] of graph) {
    const from = path.relative(SRC, fromPath);
    const part = partOf(from);
    for (const to of targets.map((target) => path.relative(SRC, target))) {
      const target = partOf(to);
      const feature = featureOf(to);
      if (feature && !from.startsWith(feature)) broken.push(`${from} -> ${to} (queries of ${feature} serve that feature alone)`);
      if (target === part) continue;
      if (COMPOSITION.includes(target) && !COMPOSITION.includes(part)) broken.push(`${from} -> ${to} (nothing imports the composition)`);
      else if (COMPOSITION.includes(part)) continue;
      else if (!MAY_IMPORT[part]) broken.push(`${from} -> ${to} (${part} is not in the table)`);
      else if (!MAY_IMPORT[part].includes(target))
        broken.push(`${from} -> ${to} (${part} may import ${MAY_IMPORT[part].join(', ') || 'nothing'})`);
    }
  }
  return broken;
}

describe('server/src layers', () => {
  const graph = importGraph(SRC);

  it('every file belongs to a part of the table', () => {
    const unknown = [...graph.keys()]
      .map((file) => partOf(path.relative(SRC, file)))
      .filter((part) => !COMPOSITION.includes(part) && !MAY_IMPORT[part]);
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('import only downwards, as the folder table says', () => {
    const broken = brokenRules(graph);
    expect(broken, `imports that break the folder table:\n${broken.join('\n')}`).toEqual([]);
  });

  it('the table itself runs one way (no part reaches back to itself)', () => {
    const loops = findCycles(new Map(Object.entries(MAY_IMPORT))).map(({ walk }) => walk.join(' -> '));
    expect(loops).toEqual([]);
  });
});

describe('features inside server/src/services', () => {
  const graph = importGraph(SRC);

  it('every feature has a row in the feature table', () => {
    const features = [...graph.keys()].map((file) => serviceFeatureOf(path.relative(SRC, file))).filter((f) => f !== undefined);
    expect([...new Set(features)].filter((feature) => !FEATURE_MAY_USE[feature])).toEqual([]);
  });

  it('use only the features their row names', () => {
    const broken = brokenFeatureRules(graph);
    expect(broken, `imports that break the feature table:\n${broken.join('\n')}`).toEqual([]);
  });

  it('the feature table runs one way (no feature reaches back to itself)', () => {
    const loops = findCycles(new Map(Object.entries(FEATURE_MAY_USE))).map(({ walk }) => walk.join(' -> '));
    expect(loops).toEqual([]);
  });

  it('is the table of docs/layers.md', () => {
    const written = writtenFeatureTable();
    expect(Object.fromEntries(Object.keys(FEATURE_MAY_USE).map((feature) => [feature, written[feature]]))).toEqual(FEATURE_MAY_USE);
  });
});

describe('the layer check', () => {
  const file = (name: string) => path.join(SRC, name);

  it('names an upward import, a foreign feature query and an import of the composition', () => {
    const graph = new Map([
      [file('routes/a.ts'), [file('queries/users.ts'), file('services/b.ts')]],
      [file('services/groups/c.ts'), [file('services/sync/queries/runs.ts'), file('services/groups/queries/rules.ts')]],
      [file('lib/d.ts'), [file('app.ts')]],
      [file('main.ts'), [file('queries/apps.ts')]],
    ]);
    expect(brokenRules(graph)).toEqual([
      'routes/a.ts -> queries/users.ts (routes/ may import plugins/, services/, domain/, lib/, deps.ts, config.ts)',
      'services/groups/c.ts -> services/sync/queries/runs.ts (queries of services/sync/ serve that feature alone)',
      'lib/d.ts -> app.ts (nothing imports the composition)',
    ]);
  });

  it('names a feature that uses one its row does not name, and one missing from the table', () => {
    const graph = new Map([
      [file('services/sync/run-sync.ts'), [file('services/audit.ts'), file('services/sessions/end.ts'), file('services/sync/lease.ts')]],
      [file('services/new-thing/a.ts'), [file('services/audit.ts')]],
      [file('routes/admin/b.ts'), [file('services/sync/run-sync.ts')]],
    ]);
    expect(brokenFeatureRules(graph)).toEqual([
      'services/sync/run-sync.ts -> services/sessions/end.ts (sync/ may use audit.ts, swcombine/)',
      'services/new-thing/a.ts -> services/audit.ts (new-thing/ is not in the feature table)',
    ]);
  });
});
