import pg from 'pg';
import { DEFAULT_DB_TIMEOUTS, timeoutSettings, type DbTimeouts } from './pool.ts';

// Named when it carried sign-in changes only; kept, so replicas of two versions side by side during an update hear each other.
const CHANNEL = 'portal_auth_change';
const RECONNECT_MS = 1_000;

export interface AccessChangeChannelOptions {
  /** Bounds on every wait for PostgreSQL (connecting, the NOTIFY), as for the main pool. */
  timeouts?: DbTimeouts;
  log?: (msg: string) => void;
  /** Pause between two tries to listen again after the connection was lost. */
  reconnectMs?: number;
}

/**
 * Carries "access changed, drop cached answers" between replicas over PostgreSQL LISTEN/NOTIFY.
 * `publish` resolves once PostgreSQL has taken the message (a failure is logged, never thrown: the
 * change itself is saved, and other replicas' answers expire within seconds anyway). A lost
 * listening connection is tried again every second until PostgreSQL answers, however long that
 * takes; the local answers are dropped when it is lost and again once it listens, since a change
 * may have been announced in between.
 */
export function accessChangeChannel(url: string, onRemote: () => void, opts: AccessChangeChannelOptions = {}) {
  const log = opts.log ?? (() => undefined);
  // Keep-alive probes notice a listening connection whose server vanished without closing it.
  const settings = { connectionString: url, keepAlive: true, ...timeoutSettings(opts.timeouts ?? DEFAULT_DB_TIMEOUTS) };
  const pool = new pg.Pool({ ...settings, max: 1 });
  pool.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client(settings);
    client.on('notification', () => onRemote());
    client.on('error', () => undefined); // 'end' follows and reconnects
    client.on('end', () => {
      if (listener !== client || stopped) return;
      listener = null;
      log('access change listener lost its connection; listening again once PostgreSQL answers');
      onRemote();
      reconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    // Set before any I/O event can run, so an 'end' from now on is seen as this listener's.
    listener = client;
    return client;
  }

  function reconnect() {
    retry = setTimeout(() => {
      if (stopped) return;
      connect().then(
        (client) => {
          if (stopped) return void client.end().catch(() => undefined);
          log('access change listener is listening again');
          onRemote();
        },
        () => reconnect(),
      );
    }, opts.reconnectMs ?? RECONNECT_MS);
  }

  return {
    /** Starts listening; fails when PostgreSQL cannot be reached (at start-up, that stops the start). */
    async listen(): Promise<void> {
      await connect();
    },
    publish: () =>
      pool.query(`SELECT pg_notify('${CHANNEL}', '')`).then(
        () => undefined,
        (err: Error) => log(`could not tell the other replicas to drop cached access: ${err.message}`),
      ),
    async close() {
      stopped = true;
      clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
