import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { hasEveryMigration, knownMigrations, migrate } from '../../src/db/migrate.ts';

describe('migrations at start-up', () => {
  it('replicas starting at once on a fresh database all start: one migrates, the others wait for it', async () => {
    const url = inject('databaseUrl');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    try {
      const results = await Promise.all([migrate(url, schema), migrate(url, schema), migrate(url, schema)]);
      expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
      expect(results.flat()).toContain('001_foundation');
    } finally {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });

  it('a replica starting on a database with every migration applies none, and says so without the migration runner', async () => {
    const url = inject('databaseUrl');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(await hasEveryMigration(url, schema)).toBe(false); // nothing there yet
      expect(await migrate(url, schema)).toEqual(knownMigrations());
      expect(await hasEveryMigration(url, schema)).toBe(true);
      expect(await migrate(url, schema)).toEqual([]);
      // One migration missing (a newer version's to apply): the runner applies it.
      const last = knownMigrations().at(-1)!;
      await admin.query(`DELETE FROM "${schema}".pgmigrations WHERE name = $1`, [last]);
      expect(await hasEveryMigration(url, schema)).toBe(false);
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });
});
