// Backup and restore of the embedded database at a community's scale: `sessions` players with a session each
// (and their app grants and roles) and `events` audit rows, written by `npm run backup`'s code, then restored
// into an empty schema by `npm run restore`'s: seconds, rows per second and the file's size.
// Usage: npx node bench/backup.ts [sessions=10000] [events=200000]   (DATABASE_URL or embedded)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tablesOf, writeBackup } from '../server/src/db/backup.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { restoreBackup } from '../server/src/db/restore.ts';
import { report } from './lib/report.ts';
import { seedSessions } from './lib/seed-sessions.ts';

const sessions = Number(process.argv[2] ?? 10_000);
const events = Number(process.argv[3] ?? 200_000);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir, () => undefined);
const baseUrl = process.env.DATABASE_URL ?? embedded!.url;
const schema = `bench_backup_${Date.now()}`;
const restored = `${schema}_restored`;
/** The URL with `schema` first on the search path, as the product's pool sets it. */
const inSchema = (s: string) => {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${s}`);
  return url.toString();
};

try {
  await migrate(baseUrl, schema);
  await seedSessions(inSchema(schema), sessions, 20);
  const db = new pg.Client({ connectionString: inSchema(schema) });
  await db.connect();
  await db.query(
    `INSERT INTO audit_log (created_at, event, app_key, ip, user_agent, details)
     SELECT now() - (i || ' minutes')::interval, CASE WHEN i % 2 = 0 THEN 'login' ELSE 'logout' END, 'app' || (i % 20),
            '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 bench', '{}'
     FROM generate_series(1, $1) AS i`,
    [events],
  );
  let rows = 0;
  for (const table of await tablesOf(db, schema)) rows += Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  await db.end();

  let t = performance.now();
  const file = await writeBackup(baseUrl, schema, path.join(dir, 'backups'));
  const backupS = (performance.now() - t) / 1000;
  const bytes = statSync(file).size;
  t = performance.now();
  const summary = await restoreBackup(baseUrl, restored, file);
  const restoreS = (performance.now() - t) / 1000;
  const restoredRows = Object.values(summary.rows).reduce((a, b) => a + b, 0);

  console.log(`${rows.toLocaleString()} rows (${sessions.toLocaleString()} sessions, ${events.toLocaleString()} audit events)`);
  const perSecond = (n: number, s: number) => `${Math.round(n / s).toLocaleString()} rows/s`;
  report({
    name: 'npm run backup: time, rows per second',
    figure: `${backupS.toFixed(1)} s, ${perSecond(rows, backupS)}`,
    goal: '—',
    pass: null,
  });
  report({ name: 'backup file size (gzip)', figure: `${(bytes / 1024 / 1024).toFixed(1)} MB`, goal: '—', pass: null });
  report({
    name: 'npm run restore: time, rows per second',
    figure: `${restoreS.toFixed(1)} s, ${perSecond(restoredRows, restoreS)}`,
    goal: '—',
    pass: null,
  });
  if (restoredRows !== rows) throw new Error(`restored ${restoredRows} rows of ${rows}`);
} finally {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS ${restored} CASCADE`);
  await admin.end();
  await embedded?.stop();
  rmSync(dir, { recursive: true, force: true });
}
