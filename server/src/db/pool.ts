import pg from 'pg';

export type Db = pg.Pool;
export type DbClient = pg.Pool | pg.PoolClient;

/** A pool whose sessions use `schema` first (tests isolate each run in a fresh schema). */
export function createPool(url: string, schema?: string): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: 20,
    options: schema ? `-c search_path=${schema},public` : undefined,
  });
}

export async function inTransaction<T>(db: pg.Pool, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
