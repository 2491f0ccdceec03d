// The functions a V8 .cpuprofile (node --cpu-prof) spent most self time in, and the share of each
// package: enough to say where a request's time goes.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node core';
  const src = /\/(server|swc-simulator|contract)\/src\/(.*)$/.exec(url);
  return src ? `${src[1]}/src/${src[2]}` : url || '(native)';
};

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** `window`: only samples taken between these offsets (ms) from the profile's start, e.g. one phase of a bench. */
export function summariseProfile(file: string, window?: { fromMs: number; toMs: number }, top = 25): string {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const selfHits = new Map<number, number>();
  let at = 0;
  samples.forEach((id, i) => {
    at += timeDeltas[i]! / 1000;
    if (window && (at < window.fromMs || at > window.toMs)) return;
    selfHits.set(id, (selfHits.get(id) ?? 0) + 1);
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const [id, hits] of selfHits) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || '(anonymous)'}  ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(functionName) ? functionName : where(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
    total += hits;
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
  const rank = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    'self time by function:',
    ...rank(byFunction).map(([name, n]) => `  ${pct(n)}  ${name}`),
    'self time by package or file:',
    ...rank(byPackage).map(([name, n]) => `  ${pct(n)}  ${name}`),
  ].join('\n');
}

// npx node bench/lib/profile-summary.ts <file.cpuprofile>
if (import.meta.url === `file://${process.argv[1]}`) console.log(summariseProfile(process.argv[2]!));
