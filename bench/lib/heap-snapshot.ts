// Heap snapshots of the product's main thread, taken on a signal (node --heapsnapshot-signal), and
// a comparison of two: the classes that grew most (count and self size) and who holds them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Node flags that make the product write a snapshot into `dir` (which must exist) on SIGUSR2. */
export const heapSnapshotFlags = (dir: string) => ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];

/** Asks the process for a snapshot and resolves with its file once written (the write blocks the process). */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  let last = -1;
  while (Date.now() < deadline) {
    await sleep(500);
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    if (size > 0 && size === last) return path.join(dir, file);
    last = size;
  }
  throw new Error(`no heap snapshot was written to ${dir}`);
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface ClassTotals {
  count: number;
  bytes: number;
}

interface HeapSummary {
  totalBytes: number;
  classes: Map<string, ClassTotals>;
  /** Per class: "holder class.edge" → how many of its objects are held so (the largest classes only). */
  retainers: Map<string, Map<string, number>>;
}

/** Objects are grouped by constructor name; strings, code, arrays and the like by their V8 type. */
function summarise(file: string, retainersOf: ReadonlySet<string> | 'largest'): HeapSummary {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
  const nf = node_fields.length;
  const ef = edge_fields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => node_fields.indexOf(f));
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => edge_fields.indexOf(f));
  const typeNames = node_types[0];
  const edgeTypeNames = edge_types[0];
  const nodeCount = snap.nodes.length / nf;
  const classOf: string[] = new Array<string>(nodeCount);
  const classes = new Map<string, ClassTotals>();
  let totalBytes = 0;
  for (let i = 0; i < nodeCount; i++) {
    const type = typeNames[snap.nodes[i * nf + typeAt!]!]!;
    const name = snap.strings[snap.nodes[i * nf + nameAt!]!]!;
    const cls = type === 'object' || type === 'native' ? name : `(${type})`;
    classOf[i] = cls;
    const bytes = snap.nodes[i * nf + sizeAt!]!;
    totalBytes += bytes;
    const c = classes.get(cls) ?? { count: 0, bytes: 0 };
    c.count++;
    c.bytes += bytes;
    classes.set(cls, c);
  }
  const wanted =
    retainersOf === 'largest'
      ? new Set(
          [...classes]
            .sort((a, b) => b[1].bytes - a[1].bytes)
            .slice(0, 12)
            .map(([c]) => c),
        )
      : retainersOf;
  const retainers = new Map<string, Map<string, number>>();
  let edge = 0;
  for (let i = 0; i < nodeCount; i++) {
    const edges = snap.nodes[i * nf + edgeCountAt!]!;
    for (let e = 0; e < edges; e++, edge += ef) {
      const edgeType = edgeTypeNames[snap.edges[edge + edgeTypeAt!]!];
      if (edgeType === 'weak' || edgeType === 'shortcut') continue;
      const to = snap.edges[edge + toAt!]! / nf;
      const cls = classOf[to]!;
      if (!wanted.has(cls)) continue;
      const nameOrIndex = snap.edges[edge + edgeNameAt!]!;
      const label = edgeType === 'element' || edgeType === 'hidden' ? '[]' : snap.strings[nameOrIndex];
      const by = retainers.get(cls) ?? new Map<string, number>();
      const holder = `${classOf[i]}.${label}`;
      by.set(holder, (by.get(holder) ?? 0) + 1);
      retainers.set(cls, by);
    }
  }
  return { totalBytes, classes, retainers };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The classes that grew most between two snapshots, and the main holders of each in the second. */
export function compareHeapSnapshots(beforeFile: string, afterFile: string, top = 12): string {
  const before = summarise(beforeFile, new Set());
  const grown = (s: HeapSummary) =>
    [...s.classes]
      .map(([cls, c]) => {
        const was = before.classes.get(cls) ?? { count: 0, bytes: 0 };
        return { cls, count: c.count - was.count, bytes: c.bytes - was.bytes, now: c };
      })
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, top);
  const firstPass = summarise(afterFile, new Set());
  const growing = grown(firstPass);
  const after = summarise(afterFile, new Set(growing.map((g) => g.cls)));
  const lines = [
    `live heap (after a full GC): ${mb(before.totalBytes)} before, ${mb(after.totalBytes)} after (${mb(after.totalBytes - before.totalBytes)})`,
    'grew most (class: objects and self size added; now; main holders now):',
  ];
  for (const g of growing) {
    const holders = [...(after.retainers.get(g.cls) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([holder, n]) => `${holder} ×${n}`)
      .join(', ');
    lines.push(
      `  ${g.cls.slice(0, 40).padEnd(40)} ${String(g.count).padStart(8)} objects ${mb(g.bytes).padStart(9)}  (now ${g.now.count} / ${mb(g.now.bytes)})  ${holders}`,
    );
  }
  return lines.join('\n');
}

/** The largest classes of one snapshot, with their main holders. */
export function largestInHeapSnapshot(file: string, top = 12): string {
  const s = summarise(file, 'largest');
  const lines = [`live heap: ${mb(s.totalBytes)}; largest classes:`];
  for (const [cls, c] of [...s.classes].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top)) {
    const holders = [...(s.retainers.get(cls) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([holder, n]) => `${holder} ×${n}`)
      .join(', ');
    lines.push(`  ${cls.slice(0, 40).padEnd(40)} ${String(c.count).padStart(8)} objects ${mb(c.bytes).padStart(9)}  ${holders}`);
  }
  return lines.join('\n');
}
