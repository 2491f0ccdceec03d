import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, folderGraph, importGraph, type Cycle } from './import-graph.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function described({ walk, knot }: Cycle): string {
  const name = (node: string) => path.relative(SRC, node) || node;
  const others = knot.filter((node) => !walk.includes(node));
  return `${walk.map(name).join(' -> ')}${others.length ? ` (the same knot holds ${others.map(name).join(', ')})` : ''}`;
}

const cyclesIn = (graph: Map<string, string[]>) => findCycles(graph).map(described);

describe('server/src imports', () => {
  const files = importGraph(SRC);

  it('form no cycle between files (type-only imports count too)', () => {
    const cycles = cyclesIn(files);
    expect(cycles, `import cycles in server/src:\n${cycles.join('\n')}`).toEqual([]);
  });

  // db/, services/, routes/auth/ …: a folder is one thing to change, so folders depend one way too.
  it.each([1, 2])('form no cycle between folders %i deep', (depth) => {
    const cycles = cyclesIn(folderGraph(files, SRC, depth));
    expect(cycles, `folders importing each other in server/src:\n${cycles.join('\n')}`).toEqual([]);
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
