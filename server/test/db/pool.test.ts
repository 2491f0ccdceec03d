import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPool, serialized, type DbClient } from '../../src/db/pool.ts';

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
