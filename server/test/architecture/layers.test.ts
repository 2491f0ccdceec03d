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
});
