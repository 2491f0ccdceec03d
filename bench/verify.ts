// /auth/verify with 10,000 live sessions over 20 apps at 50 connections, next to a bare Fastify
// hello-world measured the same way on the same machine. Each request takes the next session in
// turn. Cold: the first verify of every session (cache empty: database reads, a JWT signed).
// Warm: the same sessions again, answered from the forward-auth cache; an answer older than 30 s
// is read again, as in production, so a slow cold phase leaves a few misses in the warm one.
// Usage: npm run build -w web && npx node bench/verify.ts [seconds] [--cpu-prof]
//   --cpu-prof writes the product's CPU profile to a temporary folder and prints its top functions.
import { cpuSeconds } from './lib/cpu-time.ts';
import { measureHelloWorld } from './lib/hello-baseline.ts';
import { formatLoad, loadVerify } from './lib/load.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';

const seconds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 8);
const profile = process.argv.includes('--cpu-prof');
const SESSIONS = 10_000;
const APPS = 20;
const GOAL_RATIO = 0.6;
const GOAL_P99_MS = 5;

const product = await startProfiledProduct(Number(process.env.BENCH_PORT ?? 3960), {}, profile);
let warm, cold, hello;
let coldFrom: number;
let warmFrom: number;
let warmTo: number;
let warmCpuUs: number;
let coldCpuUs: number;
try {
  const seeded = await seedSessions(product.databaseUrl, SESSIONS + 1000, APPS);
  const sessions = seeded.slice(0, SESSIONS);
  // Measured while the product idles, with the same sessions' cookies (the hello-world ignores them).
  hello = await measureHelloWorld(seconds, sessions);
  await loadVerify(product.baseUrl, seeded.slice(SESSIONS), { duration: 2 }); // warms the server on other sessions
  let cpu = cpuSeconds(product.pid);
  coldFrom = product.elapsed();
  cold = await loadVerify(product.baseUrl, sessions, { amount: SESSIONS });
  coldCpuUs = ((cpuSeconds(product.pid) - cpu) * 1e6) / cold.total;
  cpu = cpuSeconds(product.pid);
  warmFrom = product.elapsed();
  warm = await loadVerify(product.baseUrl, sessions, { duration: seconds });
  warmTo = product.elapsed();
  warmCpuUs = ((cpuSeconds(product.pid) - cpu) * 1e6) / warm.total;
} finally {
  await product.stop();
}

const baseline = hello.rotating;
const ratio = warm.rps / baseline.rps;
console.log(`/auth/verify over ${SESSIONS.toLocaleString('en')} live sessions spread over ${APPS} apps, 50 connections`);
console.log(formatLoad('bare Fastify hello-world, same load', baseline));
console.log(formatLoad('bare Fastify hello-world, one fixed request', hello.fixed));
console.log(formatLoad('/auth/verify warm (cached)', warm));
console.log(formatLoad('/auth/verify cold (first touch)', cold));
console.log(
  `server CPU per request: hello-world ${baseline.cpuUsPerRequest.toFixed(0)} µs, /auth/verify warm ${warmCpuUs.toFixed(0)} µs, ` +
    `cold ${coldCpuUs.toFixed(0)} µs (PostgreSQL's share not counted); ${(baseline.cpuUsPerRequest / warmCpuUs).toFixed(2)} by CPU, ` +
    'which a busy machine disturbs less than req/s',
);
report({ name: '/auth/verify warm ÷ hello-world', figure: ratio.toFixed(2), goal: `≥ ${GOAL_RATIO}`, pass: ratio >= GOAL_RATIO });
report({
  name: '/auth/verify warm ÷ hello-world loaded with one fixed request (cheaper for the load generator)',
  figure: (warm.rps / hello.fixed.rps).toFixed(2),
  goal: 'none',
  pass: null,
});
report({
  name: '/auth/verify warm ÷ hello-world, by server CPU per request',
  figure: `${(baseline.cpuUsPerRequest / warmCpuUs).toFixed(2)} (${warmCpuUs.toFixed(0)} µs vs ${baseline.cpuUsPerRequest.toFixed(0)} µs)`,
  goal: 'none',
  pass: null,
});
report({ name: '/auth/verify warm p99', figure: `${warm.p99} ms`, goal: `< ${GOAL_P99_MS} ms`, pass: warm.p99 < GOAL_P99_MS });
report({
  name: '/auth/verify cold (first touch of 10,000 sessions)',
  figure: `${cold.rps.toFixed(0)} req/s, p99 ${cold.p99} ms`,
  goal: 'none',
  pass: null,
});

if (profile) {
  console.log(`\ncold phase, ${product.summary({ fromMs: coldFrom, toMs: warmFrom })}`);
  console.log(`\nwarm phase, ${product.summary({ fromMs: warmFrom, toMs: warmTo })}`);
}
