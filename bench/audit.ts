// The audit trail at scale. 1. The Activity query (what GET /api/admin/audit runs) over `events` audit rows,
// p95 of each filter, with the plan PostgreSQL chose. 2. The sign-in write (session, its app, the audit row)
// from 8 connections at once: sign-ins and audit rows per second with the audit write, without it, and with
// only the index the audit table had before the Activity screen (migration 001's).
// Usage: npx node bench/audit.ts [events=1000000] [burst seconds=5]   (DATABASE_URL or embedded)
import { AUDIT_FAILURE_EVENTS } from '@portal/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createPool } from '../server/src/db/pool.ts';
import { listAuditEvents, type AuditKey, type AuditRowFilter } from '../server/src/queries/audit.ts';
import { percentile, report } from './lib/report.ts';

const events = Number(process.argv[2] ?? 1_000_000);
const burstSeconds = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-audit-'));
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir, () => undefined);
const url = process.env.DATABASE_URL ?? embedded!.url;
const schema = `bench_audit_${Date.now()}`;
await migrate(url, schema);
const db = createPool(url, schema);
// Seeding a million rows and rebuilding indexes take longer than the product's 5 s statement timeout.
const setup = createPool(url, schema, undefined, { connectSeconds: 5, statementSeconds: 3600, idleInTransactionSeconds: 3600 });
const DAY_MS = 24 * 60 * 60_000;
const now = Date.now();

/** 1,000 players, 10 admins, 20 apps; a year of events: sign-ins mostly, admin changes 10%, failures 3%. */
async function seed() {
  await setup.query(`INSERT INTO users (uid, name) SELECT '1:' || (300000 + i), 'Pilot ' || i FROM generate_series(1, 1010) AS i`);
  await setup.query(`INSERT INTO apps (key, name, audience) SELECT 'app' || i, 'App ' || i, 'app' || i FROM generate_series(1, 20) AS i`);
  const t = performance.now();
  await setup.query(
    `WITH u AS (SELECT array_agg(id ORDER BY uid) AS ids FROM users)
     INSERT INTO audit_log (created_at, event, user_id, actor_id, app_key, ip, user_agent, details)
     SELECT to_timestamp($2 / 1000.0) - (i::float / $1) * interval '365 days',
            CASE WHEN r < 0.10 THEN (ARRAY['access_granted','access_suspended','role_granted','app_updated','scope_granted'])[1 + i % 5]
                 WHEN r < 0.13 THEN (ARRAY['login_denied','login_failed','backchannel_logout_failed'])[1 + i % 3]
                 WHEN r < 0.55 THEN 'login' ELSE 'logout' END,
            u.ids[1 + ((i::bigint * 7919) % 1000)::int],
            CASE WHEN r < 0.10 THEN u.ids[1001 + i % 10] END,
            CASE WHEN i % 5 < 3 THEN 'app' || (1 + (i / 7) % 20) END,
            '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 bench', '{}'
     FROM generate_series(1, $1) AS i, u, LATERAL (SELECT ((i * 2654435761::bigint) % 1000) / 1000.0 AS r) x`,
    [events, now],
  );
  await setup.query('ANALYZE');
  console.log(`seeded ${events.toLocaleString()} audit events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function ids(uid: string) {
  return (await db.query<{ id: string }>('SELECT id FROM users WHERE uid = $1', [uid])).rows[0]!.id;
}

/** The plan's index scans, in words: which indexes the query used. */
async function planOf(filter: AuditRowFilter, after: AuditKey | null): Promise<string> {
  const explain = createPool(url, schema);
  try {
    const client = await explain.connect();
    const seen: string[] = [];
    const query = client.query.bind(client);
    // The same SQL listAuditEvents runs, explained.
    (client as unknown as { query: unknown }).query = async (sql: string, params: unknown[]) => {
      const { rows } = await query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      for (const row of rows) {
        const plan = row['QUERY PLAN'];
        const index = plan.match(/Bitmap Index Scan on (\w+)|Index (?:Only )?Scan(?: Backward)? using (\w+) on audit_log/);
        if (index) seen.push(index[1] ?? index[2]!);
        else if (/Seq Scan on audit_log/.test(plan)) seen.push('sequential scan');
      }
      return { rows: [] };
    };
    await listAuditEvents(client, filter, after, 51);
    client.release();
    return seen.join(' + ') || '(no scan of audit_log)';
  } finally {
    await explain.end();
  }
}

async function activityQueries() {
  const player = await ids('1:300007');
  const admin = await ids('1:301003');
  const mid = (
    await db.query<AuditKey>(
      `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, id::text AS id FROM audit_log ORDER BY id OFFSET $1 LIMIT 1`,
      [Math.floor(events / 2)],
    )
  ).rows[0]!;
  const failures = AUDIT_FAILURE_EVENTS;
  const weekStart = new Date(now - 100 * DAY_MS).toISOString();
  const weekEnd = new Date(now - 93 * DAY_MS).toISOString();
  const cases: [string, AuditRowFilter, AuditKey | null][] = [
    ['newest, no filter', { failureEvents: failures }, null],
    ['half-way down (cursor)', { failureEvents: failures }, mid],
    ['time range (a week)', { from: weekStart, to: weekEnd, failureEvents: failures }, null],
    ['user acted upon', { user: player, failureEvents: failures }, null],
    ['actor (an admin)', { actor: admin, failureEvents: failures }, null],
    ['app', { app: 'app7', failureEvents: failures }, null],
    ['event (role_granted)', { event: 'role_granted', failureEvents: failures }, null],
    ['event (login)', { event: 'login', failureEvents: failures }, null],
    ['outcome failure', { outcome: 'failure', failureEvents: failures }, null],
    ['outcome success', { outcome: 'success', failureEvents: failures }, null],
    [
      'user + app + a month (few match)',
      { user: player, app: 'app7', from: new Date(now - 30 * DAY_MS).toISOString(), failureEvents: failures },
      null,
    ],
    ['user, next page (cursor)', { user: player, failureEvents: failures }, mid],
  ];
  let worst = 0;
  for (const [label, filter, after] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5; i++) await listAuditEvents(db, filter, after, 51); // warm the cache and the plan
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      rows = (await listAuditEvents(db, filter, after, 51)).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    console.log(
      `${label.padEnd(26)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${String(rows).padStart(2)} rows  ${await planOf(filter, after)}`,
    );
  }
  report({
    name: `Activity page at ${events.toLocaleString()} events, worst filter p95`,
    figure: `${worst.toFixed(1)} ms`,
    goal: '≤ 50 ms',
    pass: worst <= 50,
  });
}

/** Sign-in writes from 8 connections for `burstSeconds`: the session, then (unless left out) its audit row, in one transaction. */
async function burst(label: string, withAudit: boolean): Promise<number> {
  const pool = createPool(url, schema);
  const users = (await pool.query<{ id: string }>('SELECT id FROM users LIMIT 1000')).rows.map((r) => r.id);
  const appId = (await pool.query<{ id: string }>(`SELECT id FROM apps WHERE key = 'app1'`)).rows[0]!.id;
  let done = 0;
  const until = performance.now() + burstSeconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const client = await pool.connect();
      const userId = users[done % users.length]!;
      const at = new Date();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO sessions (sid, token_hash, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at)
           VALUES ($1, $2, $3, $4, '10.1.2.3', 'Mozilla/5.0 bench', $5, $5, $5::timestamptz + interval '1 day', $5::timestamptz + interval '7 days')`,
          [randomUUID().slice(0, 16), randomBytes(32), userId, appId, at],
        );
        if (withAudit) {
          await client.query(
            `INSERT INTO audit_log (created_at, event, user_id, app_key, ip, user_agent, details) VALUES ($1, 'login', $2, 'app1', '10.1.2.3', 'Mozilla/5.0 bench', $3)`,
            [at, userId, { sid: 'x', via: 'portal' }],
          );
        }
        await client.query('COMMIT');
        done++;
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await pool.end();
  const rate = done / burstSeconds;
  console.log(
    `${label.padEnd(52)} ${rate.toFixed(0).padStart(6)} sign-ins/s  ${(withAudit ? rate : 0).toFixed(0).padStart(6)} audit rows/s`,
  );
  return rate;
}

try {
  await seed();
  await activityQueries();
  console.log(
    `\nsign-in writes, 8 connections, ${burstSeconds} s a burst, on top of ${events.toLocaleString()} events (interleaved, 3 rounds):`,
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  /** Bursts without and with the audit row, alternated so that the machine's drift falls on both alike. */
  const rounds = async (indexes: string) => {
    const without: number[] = [];
    const withAudit: number[] = [];
    for (let round = 1; round <= 3; round++) {
      without.push(await burst(`round ${round}, without the audit write`, false));
      withAudit.push(await burst(`round ${round}, with the audit write (${indexes})`, true));
    }
    return { without: median(without), with: median(withAudit) };
  };
  const now020 = await rounds("020's indexes");
  await setup.query('DROP INDEX audit_log_time, audit_log_actor_time, audit_log_app_time, audit_log_event_time, audit_log_user_time');
  await setup.query('CREATE INDEX audit_log_user_time ON audit_log (user_id, created_at DESC)');
  const before001 = await rounds('001: one index, as before');
  const ratio020 = now020.with / now020.without;
  const ratio001 = before001.with / before001.without;
  console.log(
    `medians: 020 ${now020.with.toFixed(0)} of ${now020.without.toFixed(0)}/s (${ratio020.toFixed(2)}), 001 ${before001.with.toFixed(0)} of ${before001.without.toFixed(0)}/s (${ratio001.toFixed(2)})`,
  );
  report({ name: 'audit rows/s in a sign-in write burst (020 indexes)', figure: `${now020.with.toFixed(0)}/s`, goal: 'none', pass: null });
  report({
    name: 'sign-in writes with the audit row ÷ without, 020 indexes against 001',
    figure: `${ratio020.toFixed(2)} against ${ratio001.toFixed(2)}`,
    goal: '≥ 0.8 × 001',
    pass: ratio020 >= 0.8 * ratio001,
  });
} finally {
  await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
  await db.end();
  await setup.end();
  await embedded?.stop();
  rmSync(dir, { recursive: true, force: true });
}
