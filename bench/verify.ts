// /auth/verify with 10,000 live sessions over 20 apps at 50 connections, next to a bare node:http
// hello-world loaded the same way on the same machine, measured before and after. Each request
// takes the next session in turn. Cold: the first verify of every session (cache empty: database
// reads, a JWT signed). Warm: the same sessions again, five consecutive runs in the same server
// process, each with the server's RSS after it: a server that slows down or grows as it keeps
// answering shows here. An answer older than 30 s is read again, as in production.
// Usage: npm run build -w web && npx node bench/verify.ts [seconds per run] [--cpu-prof] [--trace-gc] [--heap-snapshots] [--no-analyze] [--hello-between]
//   --cpu-prof writes the product's CPU profile to a temporary folder and prints its top functions;
//   --trace-gc counts the server's garbage collections per warm run and the time they took;
//   --heap-snapshots writes the server's heap before the warm runs and after them, and prints what grew and who holds it;
//   --hello-between measures the hello-world for 3 s after each warm run too, and compares each run with its own:
//     this machine's speed moves by a third between runs, which the five runs' own spread cannot tell from the server's;
//   BENCH_NODE_FLAGS="--max-semi-space-size=32" gives the server more node flags (after the product's own).
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSeconds } from './lib/cpu-time.ts';
import { postgresCpuSeconds } from './lib/postgres-cpu.ts';
import { measureHelloWorld, startHelloWorld, type HelloResult, type HelloWorld } from './lib/hello-baseline.ts';
import { compareHeapSnapshots, heapSnapshotFlags, largestInHeapSnapshot, takeHeapSnapshot } from './lib/heap-snapshot.ts';
import { formatLoad, loadVerify, type LoadResult } from './lib/load.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';
import { analyze } from './lib/analyze.ts';

const seconds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 8);
const profile = process.argv.includes('--cpu-prof');
const traceGc = process.argv.includes('--trace-gc');
const helloBetween = process.argv.includes('--hello-between');
const heapDir = process.argv.includes('--heap-snapshots') ? mkdtempSync(path.join(tmpdir(), 'bench-heap-')) : null;
const SESSIONS = 10_000;
const APPS = 20;
const RUNS = 5;
const GOAL_RATIO = 0.9;
const GOAL_P99_MS = 5;
/** Flat: the slowest warm run at least this share of the fastest. */
const GOAL_FLAT = 0.85;
/** RSS within 10 % over the warm runs: the smallest at least this share of the largest. */
const GOAL_RSS_FLAT = 0.9;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * --trace-gc lines of the main thread (the first isolate to print; the render worker has its own):
 * "[pid:0x…]   1234 ms: Scavenge 40.1 (45.0) -> 38.2 (46.0) MB, pooled: 0 MB, 1.23 / 0.00 ms  …"
 */
function gcSummary(output: string, fromMs: number, toMs: number): string {
  const lines = [
    ...output.matchAll(
      /\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (Scavenge|Mark-Compact|Minor Mark-Sweep|Mark-Sweep) [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB[^\n]*? ([\d.]+) \/ [\d.]+ ms/g,
    ),
  ];
  const main = lines[0]?.[1];
  const counts = new Map<string, { n: number; ms: number }>();
  let heap = '';
  for (const [, isolate, at, kind, after, committed, ms] of lines) {
    if (isolate !== main || Number(at) < fromMs || Number(at) > toMs) continue;
    heap = `, heap ${Number(after).toFixed(0)} MB used of ${Number(committed).toFixed(0)} MB`;
    const c = counts.get(kind!) ?? { n: 0, ms: 0 };
    c.n++;
    c.ms += Number(ms);
    counts.set(kind!, c);
  }
  return ([...counts].map(([kind, c]) => `${kind} ${c.n}× ${c.ms.toFixed(0)} ms`).join(', ') || 'none') + heap;
}

const product = await startProfiledProduct(Number(process.env.BENCH_PORT ?? 3960), {}, profile, [
  ...(traceGc ? ['--trace-gc'] : []),
  ...(heapDir ? heapSnapshotFlags(heapDir) : []),
]);
let cold: LoadResult;
let coldCpuUs: number;
let coldFrom: number;
let warmFrom: number;
const hellos: HelloResult[] = [];
/** --hello-between: the hello-world right after each warm run. */
const besides: HelloResult[] = [];
const snapshots: string[] = [];
/** --hello-between: the hello-world kept running beside the warm runs (stopped however they end). */
let beside: HelloWorld | null = null;
const runs: (LoadResult & { cpuUs: number; postgresUs: number; rssMb: number; gc: string; fromMs: number; toMs: number })[] = [];
try {
  const seeded = await seedSessions(product.databaseUrl, SESSIONS + 1000, APPS);
  const sessions = seeded.slice(0, SESSIONS);
  // Measured while the product idles, with the same sessions' cookies (the hello-world ignores them).
  hellos.push(await measureHelloWorld(seconds, sessions));
  await loadVerify(product.baseUrl, seeded.slice(SESSIONS), { duration: 2 }); // warms the server on other sessions
  let cpu = cpuSeconds(product.pid);
  coldFrom = product.elapsed();
  cold = await loadVerify(product.baseUrl, sessions, { amount: SESSIONS });
  coldCpuUs = ((cpuSeconds(product.pid) - cpu) * 1e6) / cold.total;
  // The cold phase recorded 10,000 (session, app) pairs in a table that was empty: the warm runs measure a
  // server whose statistics say so, as autovacuum's next round would (lib/analyze.ts). --no-analyze measures
  // the minute before that round instead.
  if (!process.argv.includes('--no-analyze')) await analyze(product.databaseUrl);
  if (heapDir) snapshots.push(await takeHeapSnapshot(product.pid, heapDir));
  if (helloBetween) beside = await startHelloWorld();
  warmFrom = product.elapsed();
  for (let i = 0; i < RUNS; i++) {
    cpu = cpuSeconds(product.pid);
    const postgres = postgresCpuSeconds();
    const from = product.elapsed();
    const run = await loadVerify(product.baseUrl, sessions, { duration: seconds });
    const cpuUs = ((cpuSeconds(product.pid) - cpu) * 1e6) / run.total;
    const postgresUs = ((postgresCpuSeconds() - postgres) * 1e6) / run.total;
    // --trace-gc stamps its lines with ms since the isolate started, about when the product was asked to start.
    const to = product.elapsed();
    runs.push({
      ...run,
      cpuUs,
      postgresUs,
      rssMb: rssMb(product.pid),
      gc: traceGc ? gcSummary(product.output(), from, to) : '',
      fromMs: from,
      toMs: to,
    });
    if (beside) besides.push(await beside.measure(3, sessions));
  }
  beside?.stop();
  beside = null;
  if (heapDir) snapshots.push(await takeHeapSnapshot(product.pid, heapDir));
  hellos.push(await measureHelloWorld(seconds, sessions));
} finally {
  beside?.stop();
  await product.stop();
}
const warmTo = product.elapsed();

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const helloRps = mean(hellos.map((h) => h.rps));
const helloCpuUs = mean(hellos.map((h) => h.cpuUsPerRequest));
const rates = runs.map((r) => r.rps);
const warmRps = [...rates].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
const warmCpuUs = mean(runs.map((r) => r.cpuUs));
const worstP99 = Math.max(...runs.map((r) => r.p99));
const flat = Math.min(...rates) / Math.max(...rates);
const rssFlat = Math.min(...runs.map((r) => r.rssMb)) / Math.max(...runs.map((r) => r.rssMb));

console.log(
  `/auth/verify over ${SESSIONS.toLocaleString('en')} live sessions spread over ${APPS} apps, 50 connections, ${seconds} s a run`,
);
hellos.forEach((h, i) => console.log(formatLoad(`node:http hello-world, ${i ? 'after' : 'before'}`, h)));
console.log(formatLoad('/auth/verify cold (first touch)', cold));
const coldSeconds = cold.total / cold.rps;
if (coldSeconds > 60) {
  console.log(
    `  the cold phase took ${coldSeconds.toFixed(0)} s: answers read early in it were gone (60 s at most) before the warm runs, ` +
      'which then measure first reads too: the machine is too busy for this bench',
  );
}
runs.forEach((r, i) =>
  console.log(
    `${formatLoad(`/auth/verify warm, run ${i + 1} of ${RUNS}`, r)}  ${r.cpuUs.toFixed(0)} µs CPU/req (PostgreSQL ${r.postgresUs.toFixed(0)} µs), RSS ${r.rssMb.toFixed(0)} MB` +
      (traceGc ? `  GC: ${r.gc}` : ''),
  ),
);
console.log(
  `server CPU per request: hello-world ${helloCpuUs.toFixed(0)} µs, /auth/verify warm ${warmCpuUs.toFixed(0)} µs, cold ${coldCpuUs.toFixed(0)} µs ` +
    '(PostgreSQL not counted)',
);
const generatorUs = (rs: LoadResult[]) => mean(rs.map((r) => r.generatorCpuUs!));
const loads = [...hellos, cold, ...runs].map((r) => r.loadAverage!);
const loadRange = `load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${availableParallelism()} cores`;
console.log(
  `load generator (autocannon, this process, on the same cores) CPU per request: hello-world ${generatorUs(hellos).toFixed(0)} µs, ` +
    `/auth/verify warm ${generatorUs(runs).toFixed(0)} µs; ${loadRange}`,
);
const ratio = warmRps / helloRps;
report({
  name: '/auth/verify warm (median of 5 runs) ÷ node:http hello-world',
  figure: `${ratio.toFixed(2)} (${warmRps.toFixed(0)} vs ${helloRps.toFixed(0)} req/s; ${loadRange})`,
  goal: `≥ ${GOAL_RATIO}`,
  pass: ratio >= GOAL_RATIO,
});
report({
  name: '/auth/verify warm ÷ hello-world, by server CPU per request',
  figure: `${(helloCpuUs / warmCpuUs).toFixed(2)} (${warmCpuUs.toFixed(0)} µs vs ${helloCpuUs.toFixed(0)} µs)`,
  goal: 'none',
  pass: null,
});
report({
  name: '/auth/verify warm, slowest ÷ fastest of 5 consecutive runs',
  figure: `${flat.toFixed(2)} (${rates.map((r) => r.toFixed(0)).join(', ')} req/s; ${loadRange})`,
  goal: `≥ ${GOAL_FLAT}`,
  pass: flat >= GOAL_FLAT,
});
if (besides.length === RUNS) {
  const each = runs.map((r, i) => r.rps / besides[i]!.rps);
  report({
    name: '/auth/verify warm, each run ÷ the hello-world right after it, lowest ÷ highest',
    figure: `${(Math.min(...each) / Math.max(...each)).toFixed(2)} (${each.map((r) => r.toFixed(2)).join(', ')}; the hello-world ${besides.map((h) => h.rps.toFixed(0)).join(', ')} req/s)`,
    goal: 'none',
    pass: null,
  });
}
report({
  name: '/auth/verify warm, 5 runs by server CPU per check, cheapest ÷ dearest',
  figure: `${(Math.min(...runs.map((r) => r.cpuUs)) / Math.max(...runs.map((r) => r.cpuUs))).toFixed(2)} (${runs.map((r) => r.cpuUs.toFixed(0)).join(', ')} µs)`,
  goal: 'none',
  pass: null,
});
report({
  name: '/auth/verify warm, RSS after each of 5 runs, smallest ÷ largest',
  figure: `${rssFlat.toFixed(2)} (${runs.map((r) => r.rssMb.toFixed(0)).join(', ')} MB)`,
  goal: `≥ ${GOAL_RSS_FLAT}`,
  pass: rssFlat >= GOAL_RSS_FLAT,
});
report({
  name: '/auth/verify warm p99, worst run',
  figure: `${worstP99} ms (hello-world ${Math.max(...hellos.map((h) => h.p99))} ms; ${loadRange})`,
  goal: `< ${GOAL_P99_MS} ms`,
  pass: worstP99 < GOAL_P99_MS,
});
report({
  name: '/auth/verify cold (first touch of 10,000 sessions)',
  figure: `${cold.rps.toFixed(0)} req/s, p99 ${cold.p99} ms`,
  goal: 'none',
  pass: null,
});
if (snapshots.length === 2) {
  console.log(`\nheap snapshots ${snapshots.join(' and ')}`);
  console.log(`before the warm runs, ${largestInHeapSnapshot(snapshots[0]!)}`);
  console.log(`after them, ${compareHeapSnapshots(snapshots[0]!, snapshots[1]!)}`);
}

if (profile) {
  console.log(`\ncold phase, ${product.summary({ fromMs: coldFrom, toMs: warmFrom })}`);
  console.log(`\nwarm phase, ${product.summary({ fromMs: warmFrom, toMs: warmTo })}`);
  const slowest = runs.reduce((a, b) => (b.rps < a.rps ? b : a));
  console.log(`\nwarm run 1, ${product.summary(runs[0]!)}`);
  console.log(`\nwarm run ${runs.indexOf(slowest) + 1} (the slowest), ${product.summary(slowest)}`);
}
