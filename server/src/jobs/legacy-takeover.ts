import pg from 'pg';
import type { Db, PgBoss } from 'pg-boss';
import { timeoutSettings, type DbTimeouts } from '../db/pool.ts';

/**
 * Where pg-boss 10 kept its jobs (its schema version 24), which no later release migrates: pg-boss 12
 * starts only on version 25 or later, and refuses that schema.
 */
export const LEGACY_SCHEMA = 'pgboss';
/** The first schema version of pg-boss 11; the ones below are pg-boss 10's. */
const FIRST_UNSUPPORTED_LEGACY_VERSION = 25;

/**
 * Moves the jobs of `queues` still waiting in a schema of pg-boss 10 into this system's queues, in one
 * transaction, so that a job is either still there for a pg-boss 10 worker of a rolling upgrade, or
 * here; never both. A job keeps its id, data and start time; its retries start over.
 */
export async function takeOverLegacyJobs(
  databaseUrl: string,
  boss: PgBoss,
  legacySchema: string,
  queues: string[],
  timeouts: DbTimeouts,
): Promise<void> {
  const schema = pg.escapeIdentifier(legacySchema);
  const db = boss.getDb();
  const { rows: found } = await db.executeSql('SELECT to_regclass($1) IS NOT NULL AS installed', [`${schema}.version`]);
  if (found[0]?.installed !== true) return;
  const { rows: versions } = await db.executeSql(`SELECT version FROM ${schema}.version`);
  const version: unknown = versions[0]?.version;
  if (typeof version !== 'number' || version >= FIRST_UNSUPPORTED_LEGACY_VERSION) return;

  const client = new pg.Client({ connectionString: databaseUrl, ...timeoutSettings(timeouts) });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows: jobs } = await client.query<{ id: string; name: string; data: object | null; start_after: Date }>(
      `DELETE FROM ${schema}.job WHERE name = ANY($1) AND state IN ('created', 'retry') RETURNING id, name, data, start_after`,
      [queues],
    );
    const tx: Db = { executeSql: (text, values) => client.query(text, values) };
    for (const job of jobs) await boss.send(job.name, job.data, { id: job.id, startAfter: job.start_after, db: tx });
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
