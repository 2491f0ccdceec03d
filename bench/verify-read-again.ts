// What forward auth's reads again cost: 5,000 live sessions over 20 apps are verified once (their
// answers cached), then for 4 s at 8,000 checks a second while every answer is fresh (answers from the
// cache alone), then the same once every answer is stale (each given at once and read again in the
// background), with every session last seen over a minute ago so that each read again also extends its
// session. The figures are the stale pass's less what its checks cost in the fresh pass, per answer read
// again (the rows forward auth's statement read): the statements (reads, writes) the server sent, its CPU
// and PostgreSQL's. Counts do not depend on the machine's speed; the CPU figures do, so compare them within one run.
// Usage: npx node bench/verify-read-again.ts [sessions]
import pg from 'pg';
import { cpuSeconds } from './lib/cpu-time.ts';
import { analyze } from './lib/analyze.ts';
import { formatLoad, loadVerify } from './lib/load.ts';
import { postgresCpuSeconds } from './lib/postgres-cpu.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';
import { statementCounter, type StatementCounts } from './lib/statement-counter.ts';

const SESSIONS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5_000);
const APPS = 20;
/** An answer is fresh for 27-30 s after its read (server/src/services/app-access/answer-freshness.ts), usable 30 s more. */
const STALE_AFTER_MS = 30_500;
const PASS_S = 4;
/** Both passes at this many checks a second, so that a check's own cost is the same in both (it falls as the rate rises). */
const RATE = 8_000;

async function lastSeenMinutesAgo(databaseUrl: string, minutes: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $1)`, [minutes]);
  } finally {
    await db.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The job system polls on its own schedule: not forward auth's.
const counter = statementCounter(/pgboss|pg_boss/, 'forward-auth');
const product = await startProfiledProduct(Number(process.env.BENCH_PORT ?? 3961), counter.env, false, counter.nodeArgs);

interface Pass {
  checks: number;
  /** Rows forward auth's statement read: one per answer read. */
  reads: number;
  statements: number;
  writes: number;
  cpuS: number;
  postgresS: number;
}

/** Verifies the sessions in turn for `PASS_S`, then waits until the server has been idle for half a second (its reads again done). */
async function pass(sessions: Awaited<ReturnType<typeof seedSessions>>, name: string): Promise<Pass> {
  const counts: StatementCounts = await counter.read(product.pid);
  const cpu = cpuSeconds(product.pid);
  const postgres = postgresCpuSeconds();
  const load = await loadVerify(product.baseUrl, sessions, { duration: PASS_S, rate: RATE });
  console.log(formatLoad(name, load));
  for (let last = cpuSeconds(product.pid), i = 0; i < 60; i++) {
    await sleep(500);
    const now = cpuSeconds(product.pid);
    if (now - last < 0.01) break;
    last = now;
  }
  const after = await counter.read(product.pid);
  return {
    checks: load.total,
    reads: after.rows - counts.rows,
    statements: after.statements - counts.statements,
    writes: after.writes - counts.writes,
    cpuS: cpuSeconds(product.pid) - cpu,
    postgresS: postgresCpuSeconds() - postgres,
  };
}

let fresh: Pass;
let stale: Pass;
try {
  const sessions = await seedSessions(product.databaseUrl, SESSIONS, APPS);
  const coldFrom = Date.now();
  console.log(formatLoad('/auth/verify cold (first touch)', await loadVerify(product.baseUrl, sessions, { amount: SESSIONS })));
  const coldTo = Date.now();
  await analyze(product.databaseUrl);
  fresh = await pass(sessions, '/auth/verify, every answer fresh');
  if (Date.now() - coldFrom > 27_000)
    throw new Error('the fresh pass ended after the first answers turned stale: the machine is too busy for this bench');
  // Every answer stale (read 30.5 s ago or more), none past its usable time (read less than 57 s ago).
  const wait = coldTo + STALE_AFTER_MS - Date.now();
  if (Date.now() + Math.max(wait, 0) - coldFrom > 50_000)
    throw new Error('the cold phase took too long for every answer to be stale and still usable at once');
  await sleep(Math.max(wait, 0));
  // Every session last seen over a minute ago, as at every other read again in steady use: each read again extends one.
  await lastSeenMinutesAgo(product.databaseUrl, 2);
  stale = await pass(sessions, '/auth/verify, every answer stale');
} finally {
  await product.stop();
}

// The stale pass's own checks, at what a check from the cache cost in the fresh pass.
const beyond = (of: (p: Pass) => number) => of(stale) - (of(fresh) * stale.checks) / fresh.checks;
const read = {
  statements: beyond((p) => p.statements),
  writes: beyond((p) => p.writes),
  cpuS: beyond((p) => p.cpuS),
  postgresS: beyond((p) => p.postgresS),
};
const answers = stale.reads - fresh.reads;
const per = (x: number) => x / answers;
const statements = per(read.statements);
const writes = per(read.writes);
const cpuUs = per(read.cpuS) * 1e6;
const postgresUs = per(read.postgresS) * 1e6;
console.log(
  `${answers.toLocaleString('en')} of ${SESSIONS.toLocaleString('en')} answers read again: ${read.statements.toFixed(0)} statements (${read.writes.toFixed(0)} writes); ` +
    `server CPU ${read.cpuS.toFixed(2)} s, PostgreSQL ${read.postgresS.toFixed(2)} s ` +
    `(the fresh pass: ${fresh.checks} checks, ${fresh.cpuS.toFixed(2)} s and ${fresh.postgresS.toFixed(2)} s; the stale pass: ${stale.checks} checks)`,
);
report({
  name: 'forward auth, statements per answer read again (writes)',
  figure: `${statements.toFixed(3)} (${writes.toFixed(3)})`,
  goal: 'none',
  pass: null,
});
report({
  name: 'forward auth, CPU per answer read again: server, PostgreSQL',
  figure: `${cpuUs.toFixed(0)} µs, ${postgresUs.toFixed(0)} µs`,
  goal: 'none',
  pass: null,
});
