import { randomInt } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_DB_TIMEOUTS, timeoutSettings, type DbTimeouts } from './pool.ts';

/** First key of every worker's presence lock, `pg_advisory_lock(WORKER_LOCK_SPACE, <worker id>)` (a constant of this product). */
export const WORKER_LOCK_SPACE = 0x5743_0b06;
const RECONNECT_MS = 1_000;

interface WorkerPresenceOptions {
  /** Sessions use this schema first (the tests' isolation; the lock itself is database-wide). */
  schema?: string;
  timeouts?: DbTimeouts;
  log?: (msg: string) => void;
  /** Pause between two tries to take the lock again after the connection was lost. */
  reconnectMs?: number;
}

export interface WorkerPresence {
  /** This worker's id while it holds its lock; null while its connection is lost. */
  id(): number | null;
  close(): Promise<void>;
}

/**
 * A worker's sign of life that no crash leaves behind: a session advisory lock held on a connection
 * of its own for as long as the process lives. PostgreSQL drops it the moment the session ends (the
 * process was killed: its sockets close with it), so other workers can tell a dead worker's sync runs
 * from a slow one's. A lost connection is tried again every second, with the same id if it is free.
 */
export async function startWorkerPresence(url: string, opts: WorkerPresenceOptions = {}): Promise<WorkerPresence> {
  const log = opts.log ?? (() => undefined);
  const settings: pg.ClientConfig = {
    connectionString: url,
    options: opts.schema ? `-c search_path=${opts.schema},public` : undefined,
    ...timeoutSettings(opts.timeouts ?? DEFAULT_DB_TIMEOUTS),
  };
  let session: pg.Client | null = null;
  let id: number | null = null;
  let wanted = randomInt(1, 2 ** 31 - 1);
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function hold(): Promise<void> {
    const client = new pg.Client(settings);
    client.on('error', () => undefined); // 'end' follows and reconnects
    try {
      await client.connect();
      // Another live worker may hold an id drawn at random: then draw again.
      for (;;) {
        const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS held', [WORKER_LOCK_SPACE, wanted]);
        if (rows[0]!.held) break;
        wanted = randomInt(1, 2 ** 31 - 1);
      }
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    client.on('end', () => {
      if (session !== client || stopped) return;
      session = null;
      id = null;
      log('worker presence lost its database connection; taking its lock again once PostgreSQL answers');
      again();
    });
    session = client;
    id = wanted;
  }

  function again() {
    retry = setTimeout(() => {
      if (stopped) return;
      hold().then(
        () => (stopped ? void session?.end().catch(() => undefined) : log('worker presence holds its lock again')),
        () => again(),
      );
    }, opts.reconnectMs ?? RECONNECT_MS);
  }

  await hold();
  return {
    id: () => id,
    async close() {
      stopped = true;
      clearTimeout(retry);
      id = null;
      await session?.end().catch(() => undefined);
    },
  };
}
