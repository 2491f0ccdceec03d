import pg from 'pg';

const CHANNEL = 'portal_auth_change';

/**
 * Carries "access changed, drop cached answers" between replicas over PostgreSQL LISTEN/NOTIFY.
 * `publish` resolves once PostgreSQL has taken the message (a failure is logged, never thrown: the
 * change itself is saved, and other replicas' answers expire within seconds anyway); `listen`
 * reconnects after a dropped connection.
 */
export function authChangeChannel(url: string, onRemote: () => void, log: (msg: string) => void = () => undefined) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let stopped = false;

  async function listen(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => onRemote());
    client.on('error', (err) => {
      log(`auth change listener lost its connection: ${err.message}`);
      onRemote(); // a flush may have been missed
      setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }

  return {
    listen,
    publish: () =>
      pool.query(`SELECT pg_notify('${CHANNEL}', '')`).then(
        () => undefined,
        (err: Error) => log(`could not tell the other replicas to drop cached access: ${err.message}`),
      ),
    async close() {
      stopped = true;
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
