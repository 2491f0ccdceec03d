import pg from 'pg';

/** What the queries need: something to send SQL to (a pool, a transaction's client, or a queue). */
export type DbClient = Pick<pg.Pool, 'query'>;

/**
 * A pool whose sessions use `schema` first (tests isolate each run in a fresh schema). An idle
 * connection that PostgreSQL closes is reported and dropped instead of crashing the process.
 */
export function createPool(url: string, schema?: string, onIdleError: (err: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    options: schema ? `-c search_path=${schema},public` : undefined,
  });
  pool.on('error', onIdleError);
  return pool;
}

/** Lets concurrent tasks share one transaction: their statements are sent one after another. */
export function serialized(client: DbClient): DbClient {
  let tail: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const run = tail.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    tail = run.catch(() => undefined);
    return run;
  };
  return { query: query as DbClient['query'] };
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
