// Every bench in sequence with modest durations (about 5 minutes on 2 cores, plus 3 for the sync), then one table of
// figure, goal and pass/fail. Usage: npm run bench   (BENCH_SKIP_BUILD=1 to reuse web/dist)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from './lib/report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES: [string, ...string[]][] = [
  ['bundle-size.ts'],
  ['jwt-sign.ts', '10000'],
  ['verify.ts', '5'],
  ['verify-read-again.ts'],
  ['groups.ts', '3'],
  ['discord.ts'],
  ['sign-in.ts', '8', '20'],
  ['memory.ts'],
  ['login-fcp.ts', '10'],
  ['dashboard.ts', '10'],
  ['dashboard-render.ts', '10'],
  ['rotation.ts', '1000'],
  ['user-search.ts', '10000'],
  ['galaxy-map.ts', '10'],
  ['test-browser.ts', '3'],
  ['sync.ts'],
  ['audit.ts', '1000000', '3'],
  ['backup.ts', '10000', '200000'],
  ['sync-first-run.ts'],
  ['shutdown.ts', '3'],
];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-all-'));
const resultsFile = path.join(dir, 'results.jsonl');
const env = { ...process.env, BENCH_RESULTS: resultsFile, BENCH_PORT: process.env.BENCH_PORT ?? '3960' };
const crashed: string[] = [];
const started = performance.now();

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('\n=== npm run build -w web');
  if (spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) {
    throw new Error('the web build failed');
  }
}
for (const [file, ...args] of BENCHES) {
  console.log(`\n=== bench/${file} ${args.join(' ')}`);
  const run = spawnSync(process.execPath, [path.join(root, 'bench', file), ...args], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) crashed.push(file);
}

const results = readFileSync(resultsFile, { encoding: 'utf8', flag: 'a+' })
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Result);
rmSync(dir, { recursive: true, force: true });

const width = (k: keyof Result, title: string) => Math.max(title.length, ...results.map((r) => String(r[k]).length));
const [wn, wf, wg] = [width('name', 'figure measured'), width('figure', 'result'), width('goal', 'goal')];
console.log(`\nSummary (${((performance.now() - started) / 60_000).toFixed(1)} min; absolute numbers depend on how busy the machine is)\n`);
console.log(`${'figure measured'.padEnd(wn)}  ${'result'.padEnd(wf)}  ${'goal'.padEnd(wg)}  verdict`);
console.log(`${'-'.repeat(wn)}  ${'-'.repeat(wf)}  ${'-'.repeat(wg)}  -------`);
for (const r of results) {
  console.log(`${r.name.padEnd(wn)}  ${r.figure.padEnd(wf)}  ${r.goal.padEnd(wg)}  ${r.pass === null ? 'info' : r.pass ? 'pass' : 'FAIL'}`);
}
const failed = results.filter((r) => r.pass === false).length;
console.log(
  `\n${results.filter((r) => r.pass).length} goals met, ${failed} missed${crashed.length ? `; crashed: ${crashed.join(', ')}` : ''}`,
);
process.exitCode = crashed.length ? 1 : 0;
