import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';

/** What the queries need: something to send SQL to (a pool, a transaction's client, or a queue). */
export type DbClient = Pick<pg.Pool, 'query'>;

/** How long the database may take before a request gives up (seconds). */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectSeconds: number;
  /** One statement; PostgreSQL cancels it after this long. */
  statementSeconds: number;
  /** A transaction left open without a statement; PostgreSQL ends the session. */
  idleInTransactionSeconds: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectSeconds: 5, statementSeconds: 5, idleInTransactionSeconds: 30 };

/** The client gives up this long after PostgreSQL's own statement timeout, when the server does not answer at all. */
const CLIENT_MARGIN_MS = 2000;

/** The pg connection settings that bound waits; nothing else, so that they fit any pg-based config. */
export type TimeoutSettings = Pick<
  pg.ClientConfig,
  'connectionTimeoutMillis' | 'statement_timeout' | 'idle_in_transaction_session_timeout' | 'query_timeout' | 'keepAlive'
>;

/** pg connection settings that bound every wait on the database by `timeouts`. */
export function timeoutSettings(timeouts: DbTimeouts): TimeoutSettings {
  return {
    connectionTimeoutMillis: timeouts.connectSeconds * 1000,
    statement_timeout: timeouts.statementSeconds * 1000,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionSeconds * 1000,
    query_timeout: timeouts.statementSeconds * 1000 + CLIENT_MARGIN_MS,
    keepAlive: true,
  };
}

/**
 * How long an idle connection stays open. pg's default (10 s) closed the pool between two bursts of
 * sign-ins, and each new connection paid again for what a warm one has: the password exchange, a
 * new PostgreSQL backend and its catalog caches, and five custom plans of every named statement
 * before PostgreSQL settles on one (docs/operations.md, Sizing).
 */
export const POOL_IDLE_MS = 300_000;

/**
 * A pool whose sessions use `schema` first (tests isolate each run in a fresh schema). An idle
 * connection that PostgreSQL closes is reported and dropped instead of crashing the process.
 */
export function createPool(
  url: string,
  schema?: string,
  onIdleError: (err: Error) => void = () => undefined,
  timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    idleTimeoutMillis: POOL_IDLE_MS,
    options: schema ? `-c search_path=${schema},public` : undefined,
    ...timeoutSettings(timeouts),
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

/**
 * A transaction as `work` sees it: its statements, and what is to happen once it is committed (a
 * signal to other replicas, a job to queue) and never if it is rolled back.
 */
export interface Transaction extends DbClient {
  /** Runs `fn` after COMMIT, in the order registered, before `inTransaction` resolves; never on rollback. */
  afterCommit(fn: () => Promise<unknown> | unknown): void;
}

function transactionOf(client: pg.PoolClient): { tx: Transaction; committed: (() => Promise<unknown> | unknown)[] } {
  const committed: (() => Promise<unknown> | unknown)[] = [];
  const tx: Transaction = { query: client.query.bind(client) as DbClient['query'], afterCommit: (fn) => void committed.push(fn) };
  return { tx, committed };
}

/**
 * Runs `work` in one transaction, then what it registered with `afterCommit`. After a failure the
 * connection is discarded rather than reused: it may still be waiting on a statement the client gave up on.
 */
export async function inTransaction<T>(db: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await db.connect();
  // A connection PostgreSQL ends between two statements (idle-in-transaction timeout, shutdown)
  // emits 'error'; unheard, that would crash the process. The next statement fails instead.
  const ignore = () => undefined;
  client.on('error', ignore);
  const { tx, committed } = transactionOf(client);
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(tx);
    await client.query('COMMIT');
    client.off('error', ignore);
    client.release();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) await client.query('ROLLBACK').catch(() => undefined);
    client.off('error', ignore);
    client.release(true);
    throw err;
  }
  for (const fn of committed) await fn();
  return result;
}

/** Runs `work` in a transaction that is always rolled back: to see what a change would do without making it. */
export async function inRolledBackTransaction<T>(db: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await db.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  let healthy = true;
  try {
    await client.query('BEGIN');
    // Nothing commits: what the work registers for after a commit never runs.
    return await work(transactionOf(client).tx);
  } catch (err) {
    healthy = !isDatabaseUnavailable(err);
    throw err;
  } finally {
    if (healthy) await client.query('ROLLBACK').catch(() => (healthy = false));
    client.off('error', ignore);
    client.release(!healthy);
  }
}
