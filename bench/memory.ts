// Resident memory of the product's server process (README command 1: embedded PostgreSQL, which
// runs as its own process and is not counted, and the SWCombine simulator in the same process):
// idle after start, and at its peak while /auth/verify is driven across 10,000 live sessions.
// Usage: npm run build -w web && npx node bench/memory.ts
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { loadVerify } from './lib/load.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';

const SESSIONS = 10_000;
const GOAL_IDLE_MB = 200;
const GOAL_PEAK_MB = 250;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3962) + 2);
let idle: number;
let peak = 0;
try {
  await sleep(5000); // start-up garbage collected, jobs scheduled
  idle = rssMb(product.pid);
  const sessions = await seedSessions(product.databaseUrl, SESSIONS, 20);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(product.pid))), 100);
  try {
    await loadVerify(product.baseUrl, sessions, { amount: SESSIONS }); // every session once: the cache fills
    await loadVerify(product.baseUrl, sessions, { amount: 3 * SESSIONS }); // and is used
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(product.pid));
} finally {
  await product.stop();
}
console.log(`server process RSS (the embedded PostgreSQL is a separate process and not counted)`);
console.log(`  idle after start: ${idle.toFixed(0)} MB`);
console.log(`  peak with ${SESSIONS.toLocaleString('en')} sessions in use through /auth/verify: ${peak.toFixed(0)} MB`);
console.log('Anchor: Keycloak sizes 1,250 MB base memory for 10,000 sessions.');
report({ name: 'server RSS idle', figure: `${idle.toFixed(0)} MB`, goal: `≤ ${GOAL_IDLE_MB} MB`, pass: idle <= GOAL_IDLE_MB });
report({
  name: 'server RSS peak, 10,000 sessions',
  figure: `${peak.toFixed(0)} MB`,
  goal: `≤ ${GOAL_PEAK_MB} MB`,
  pass: peak <= GOAL_PEAK_MB,
});
