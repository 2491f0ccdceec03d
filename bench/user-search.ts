// The admin user list at 10,000 users: search by name or UID and page through, timed at the
// query the API runs. Usage: npx node bench/user-search.ts [users]   (DATABASE_URL or embedded)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createPool } from '../server/src/db/pool.ts';
import { searchUsers } from '../server/src/queries/admin-users.ts';
import { report } from './lib/report.ts';

const count = Number(process.argv[2] ?? 10_000);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-users-'));
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir, () => undefined);
const url = process.env.DATABASE_URL ?? embedded!.url;
const schema = `bench_users_${Date.now()}`;
await migrate(url, schema);
const db = createPool(url, schema);
try {
  await db.query(
    `INSERT INTO users (uid, name, race, faction) SELECT '1:' || (200000 + i), 'Pilot ' || md5(i::text), 'Human', 'Faction ' || (i % 40)
     FROM generate_series(1, $1) AS i`,
    [count],
  );
  await db.query('ANALYZE users');
  const cases: [string, string | undefined, number][] = [
    ['first page, no search', undefined, 0],
    ['last page, no search', undefined, count - 25],
    ['search by name fragment', 'a1b', 0],
    ['search by UID', '1:20500', 0],
    ['search with no match', 'zzzz', 0],
  ];
  for (const [label, q, offset] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      total = (await searchUsers(db, q, 25, offset)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(26)} p50 ${times[30]!.toFixed(1)} ms  p95 ${times[57]!.toFixed(1)} ms  (total ${total})`);
    if (label === 'search by name fragment') {
      report({ name: `admin user search at ${count} users, p95`, figure: `${times[57]!.toFixed(1)} ms`, goal: 'none', pass: null });
    }
  }
} finally {
  await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
  await db.end();
  await embedded?.stop();
  rmSync(dir, { recursive: true, force: true });
}
