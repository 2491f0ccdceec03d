import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { createPool, type DbTimeouts } from '../../src/db/pool.ts';

export interface TestDbOptions {
  /** The URL the app's pool connects to instead of the database's own (e.g. through a proxy). */
  poolUrl?: (url: string) => string;
  timeouts?: DbTimeouts;
  /** Builds the fresh schema (default: every migration); a restore test fills it from a backup instead. */
  prepare?: (url: string, schema: string) => Promise<unknown>;
}

/** A freshly migrated schema of its own, dropped again by `drop()`. */
export async function createTestDb(
  options: TestDbOptions = {},
): Promise<{ db: pg.Pool; url: string; schema: string; drop(): Promise<void> }> {
  const url = inject('databaseUrl');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await (options.prepare ?? migrate)(url, schema);
  const db = createPool(options.poolUrl ? options.poolUrl(url) : url, schema, undefined, options.timeouts);
  return {
    db,
    url,
    schema,
    async drop() {
      await db.end();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
