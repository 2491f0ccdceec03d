import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPool, DEFAULT_DB_TIMEOUTS, inRolledBackTransaction, inTransaction, serialized, type DbClient } from '../../src/db/pool.ts';
import { isDatabaseUnavailable } from '../../src/lib/database-unavailable.ts';

describe('createPool', () => {
  it('reports an idle connection that PostgreSQL ends instead of crashing the process', async () => {
    const errors: Error[] = [];
    const pool = createPool(inject('databaseUrl'), undefined, (err) => errors.push(err));
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await expect.poll(() => errors.length).toBe(1);
    expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    await pool.end();
  });
});

describe('database timeouts', () => {
  const short = { ...DEFAULT_DB_TIMEOUTS, statementSeconds: 1, idleInTransactionSeconds: 1 };

  it('has PostgreSQL cancel a statement that runs longer than the statement timeout, as a retryable error', async () => {
    const pool = createPool(inject('databaseUrl'), undefined, undefined, short);
    const err = await pool.query('SELECT pg_sleep(5)').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    await pool.end();
  });

  it('ends a transaction left idle longer than the idle-in-transaction timeout, and the pool carries on', async () => {
    const errors: Error[] = [];
    const pool = createPool(inject('databaseUrl'), undefined, (e) => errors.push(e), short);
    const err = await inTransaction(pool, async (tx) => {
      await tx.query('SELECT 1');
      await new Promise((r) => setTimeout(r, 2000));
      await tx.query('SELECT 1');
    }).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    await pool.end();
  });

  it('tells a database outage from a mistake in the request', async () => {
    const pool = createPool(inject('databaseUrl'));
    const mistake = await pool.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(mistake)).toBe(false);
    await pool.end();
    const refused = createPool('postgres://postgres@127.0.0.1:1/none');
    expect(isDatabaseUnavailable(await refused.query('SELECT 1').catch((e: unknown) => e))).toBe(true);
    await refused.end();
  });
});

describe('serialized', () => {
  it('sends concurrent statements one at a time, in order, and passes failures to their caller', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const order: string[] = [];
    const fake = {
      query: async (text: string) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        order.push(text);
        if (text === 'bad') throw new Error('boom');
        return { rows: [text] };
      },
    } as unknown as DbClient;
    const db = serialized(fake);
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((t) => db.query(t)));
    expect(maxInFlight).toBe(1);
    expect(order).toEqual(['a', 'bad', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('afterCommit', () => {
  it('runs what the work registered once the transaction is committed, in order, before inTransaction resolves', async () => {
    const pool = createPool(inject('databaseUrl'));
    const table = `after_commit_${process.pid}_${Date.now()}`;
    const seen: string[] = [];
    await inTransaction(pool, async (tx) => {
      await tx.query(`CREATE TABLE ${table} (n int)`);
      tx.afterCommit(async () => {
        // Another connection already sees the write: what runs after commit never runs ahead of the data.
        const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_class WHERE relname = $1', [table]);
        seen.push(`first sees ${rows[0]!.n}`);
      });
      tx.afterCommit(() => void seen.push('second'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first sees 1', 'second']);
    await pool.query(`DROP TABLE ${table}`);
    await pool.end();
  });

  it('never runs what a rolled-back transaction registered', async () => {
    const pool = createPool(inject('databaseUrl'));
    const seen: string[] = [];
    const err = await inTransaction(pool, async (tx) => {
      tx.afterCommit(() => void seen.push('committed'));
      await tx.query('SELECT * FROM no_such_table');
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '42P01' });
    await inRolledBackTransaction(pool, async (tx) => {
      tx.afterCommit(() => void seen.push('previewed'));
    });
    expect(seen).toEqual([]);
    await pool.end();
  });
});
