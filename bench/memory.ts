// Resident memory of the product's server process, idle after start, in three shapes (the embedded
// PostgreSQL runs as its own process and is not counted in any):
// - README command 1 (the SWCombine and Discord simulators in the same process), for information,
//   and its peak while /auth/verify is driven across 10,000 live sessions;
// - a production all-in-one: PORTAL_MODE=all, NODE_ENV=production, a SWCombine client (no simulator);
// - a production web replica: the same with PORTAL_MODE=web;
// both as the image runs them, with Node's compile cache filled by scripts/warm-compile-cache.sh (and,
// for information, without it), and as a replica usually starts: on a database already migrated.
// Usage: npm run build -w web && npx node bench/memory.ts
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshDataDir, startProduct } from '../e2e/helpers/start-product.ts';
import { warmCompileCache } from './lib/compile-cache.ts';
import { loadVerify } from './lib/load.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';

const SESSIONS = 10_000;
const GOAL_PEAK_MB = 250;
const GOAL_ALL_IN_ONE_MB = 200;
const GOAL_WEB_MB = 160;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const port = Number(process.env.BENCH_PORT ?? 3962) + 2;

/** Production settings with a SWCombine client: no simulator starts. */
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const production = (mode: 'all' | 'web') => ({
  PORTAL_MODE: mode,
  NODE_ENV: 'production',
  SWC_CLIENT_ID: 'bench-client',
  SWC_CLIENT_SECRET: 'bench-secret',
  ENCRYPTION_KEY,
});

/** RSS once start-up is over (its garbage collected, jobs scheduled), and the load average then. */
async function idleRss(pid: number): Promise<{ mb: number; load: number }> {
  await sleep(5000);
  return { mb: rssMb(pid), load: loadavg()[0]! };
}

const command1 = await startProduct(port);
let idle: { mb: number; load: number };
let peak = 0;
try {
  idle = await idleRss(command1.pid);
  const sessions = await seedSessions(command1.databaseUrl, SESSIONS, 20);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(command1.pid))), 100);
  try {
    await loadVerify(command1.baseUrl, sessions, { amount: SESSIONS }); // every session once: the cache fills
    await loadVerify(command1.baseUrl, sessions, { amount: 3 * SESSIONS }); // and is used
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(command1.pid));
} finally {
  await command1.stop();
}

// One replica migrates per upgrade; the others, and every restart, find the database migrated.
const dataDir = freshDataDir();
await (await startProduct(port, production('all'), [], { dataDir })).stop();
async function measure(mode: 'all' | 'web', compileCache?: string) {
  const env = { ...production(mode), ...(compileCache ? { NODE_COMPILE_CACHE: compileCache } : {}) };
  const product = await startProduct(port, env, [], { dataDir });
  try {
    return await idleRss(product.pid);
  } finally {
    await product.stop();
  }
}
const cache = warmCompileCache();
let allInOne, web, allInOneCold, webCold;
try {
  allInOne = await measure('all', cache);
  web = await measure('web', cache);
  allInOneCold = await measure('all');
  webCold = await measure('web');
} finally {
  rmSync(cache, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const at = (m: { load: number }) => `load average ${m.load.toFixed(1)}`;
console.log('server process RSS (the embedded PostgreSQL is a separate process and not counted)');
console.log(`  README command 1 (simulators in the process), idle after start: ${idle.mb.toFixed(0)} MB (${at(idle)})`);
console.log(`    peak with ${SESSIONS.toLocaleString('en')} sessions in use through /auth/verify: ${peak.toFixed(0)} MB`);
console.log(
  `  production all-in-one (PORTAL_MODE=all, no simulator), idle: ${allInOne.mb.toFixed(0)} MB (${at(allInOne)}); ` +
    `without the compile cache ${allInOneCold.mb.toFixed(0)} MB (${at(allInOneCold)})`,
);
console.log(
  `  production web replica (PORTAL_MODE=web, no simulator), idle: ${web.mb.toFixed(0)} MB (${at(web)}); ` +
    `without the compile cache ${webCold.mb.toFixed(0)} MB (${at(webCold)})`,
);
console.log('Anchor: Keycloak sizes 1,250 MB base memory for 10,000 sessions.');
report({ name: 'command 1 RSS idle (simulators included)', figure: `${idle.mb.toFixed(0)} MB`, goal: 'none', pass: null });
report({
  name: 'command 1 RSS peak, 10,000 sessions',
  figure: `${peak.toFixed(0)} MB`,
  goal: `≤ ${GOAL_PEAK_MB} MB`,
  pass: peak <= GOAL_PEAK_MB,
});
report({
  name: 'production all-in-one RSS idle',
  figure: `${allInOne.mb.toFixed(0)} MB`,
  goal: `≤ ${GOAL_ALL_IN_ONE_MB} MB`,
  pass: allInOne.mb <= GOAL_ALL_IN_ONE_MB,
});
report({
  name: 'production web replica RSS idle',
  figure: `${web.mb.toFixed(0)} MB`,
  goal: `≤ ${GOAL_WEB_MB} MB`,
  pass: web.mb <= GOAL_WEB_MB,
});
