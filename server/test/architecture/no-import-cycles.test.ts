import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, folderGraph, importGraph, type Cycle, type GraphOptions } from './import-graph.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_SRC = path.join(REPO, 'web/src');

/** The trees whose imports are held to one direction, and how each names its files. */
const TREES: { name: string; root: string; options?: GraphOptions }[] = [
  { name: 'server/src', root: path.join(REPO, 'server/src') },
  { name: 'swc-simulator/src', root: path.join(REPO, 'swc-simulator/src') },
  { name: 'discord-simulator/src', root: path.join(REPO, 'discord-simulator/src') },
  // The web's tests sit beside its code and import the whole app to render it; they are no part of it.
  { name: 'web/src', root: WEB_SRC, options: { aliases: { '@/': WEB_SRC }, skip: (file) => /\.test\.tsx?$/.test(file) } },
];

function described(root: string, { walk, knot }: Cycle): string {
  const name = (node: string) => path.relative(root, node) || node;
  const others = knot.filter((node) => !walk.includes(node));
  return `${walk.map(name).join(' -> ')}${others.length ? ` (the same knot holds ${others.map(name).join(', ')})` : ''}`;
}

describe.each(TREES)('$name imports', ({ name, root, options }) => {
  const files = importGraph(root, options);
  const cyclesIn = (graph: Map<string, string[]>) => findCycles(graph).map((cycle) => described(root, cycle));

  it('form no cycle between files (type-only imports count too)', () => {
    expect(files.size).toBeGreaterThan(10);
    const cycles = cyclesIn(files);
    expect(cycles, `import cycles in ${name}:\n${cycles.join('\n')}`).toEqual([]);
  });

  // db/, services/, routes/auth/ …: a folder is one thing to change, so folders depend one way too.
  it.each([1, 2])('form no cycle between folders %i deep', (depth) => {
    const cycles = cyclesIn(folderGraph(files, root, depth));
    expect(cycles, `folders importing each other in ${name}:\n${cycles.join('\n')}`).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('names a cycle, and every file caught in it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['b']],
      ['e', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([{ walk: ['a', 'b', 'c', 'a'], knot: ['a', 'b', 'c', 'd'] }]);
  });

  it('finds a file that imports itself, and nothing in a graph without cycles', () => {
    expect(findCycles(new Map([['a', ['a']]]))).toEqual([{ walk: ['a', 'a'], knot: ['a'] }]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });
});
