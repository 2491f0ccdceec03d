import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface GraphOptions {
  /** Specifier prefixes that name a folder (the web's `@/` for its src/), beside relative imports. */
  aliases?: Record<string, string>;
  /** Files left out of the graph, and the imports that name them (tests beside the code, say). */
  skip?: (file: string) => boolean;
}

/**
 * Each source file under `root` (.ts, .tsx, .mjs) and the files under `root` it imports: static,
 * type-only, re-exports and literal dynamic imports.
 */
export function importGraph(root: string, { aliases = {}, skip = () => false }: GraphOptions = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const resolved = (file: string, specifier: string): string | undefined => {
    if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    return alias === undefined ? undefined : path.join(aliases[alias]!, specifier.slice(alias.length));
  };
  for (const file of sourceFiles(root).filter((file) => !skip(file))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName: specifier }) => {
      const target = resolved(file, specifier);
      if (target === undefined) return [];
      if (!existsSync(target)) throw new Error(`${path.relative(root, file)} imports ${specifier}, which does not exist`);
      return skip(target) ? [] : [target];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The same graph between folders `depth` deep under `root` (a file less deep stands for itself): a
 * folder imports another when one of its files does.
 */
export function folderGraph(files: Map<string, string[]>, root: string, depth: number): Map<string, string[]> {
  const folderOf = (file: string) => path.join(root, ...path.relative(root, file).split(path.sep).slice(0, depth));
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const into = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) into.add(folderOf(target));
    folders.set(from, into);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** An import cycle: a walk from a file back to itself, and every file caught in the same knot of cycles. */
export interface Cycle {
  walk: string[];
  knot: string[];
}

/** Every knot of import cycles (a strongly connected part of the graph, found with Tarjan's algorithm), with one cycle through it. */
export function findCycles(graph: Map<string, string[]>): Cycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.includes(node)) parts.push(part);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return parts.map((part) => ({ walk: cycleThrough(graph, new Set(part)), knot: part.sort() }));
}

/** A shortest walk from the part's first file (by name) back to itself, inside the part. */
function cycleThrough(graph: Map<string, string[]>, part: Set<string>): string[] {
  const start = [...part].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!part.has(next)) continue;
      if (next === start) {
        const walk = [node];
        while (walk[0] !== start) walk.unshift(previous.get(walk[0]!)!);
        return [...walk, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
