import pg from 'pg';

const PROBE_MS = 800;

/**
 * Answers whether PostgreSQL runs a statement within 800 ms, on a connection of its own so that a
 * busy or stuck main pool cannot hold it up. Concurrent checks share one probe.
 */
export function createReadinessProbe(settings: pg.PoolConfig) {
  const pool = new pg.Pool({
    ...settings,
    max: 1,
    connectionTimeoutMillis: PROBE_MS,
    query_timeout: PROBE_MS,
    statement_timeout: PROBE_MS,
  });
  pool.on('error', () => undefined);
  let inFlight: Promise<boolean> | null = null;

  function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_MS)));
    const answer = pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
  }

  return {
    ready(): Promise<boolean> {
      inFlight ??= probe().finally(() => (inFlight = null));
      return inFlight;
    },
    timeoutMs: PROBE_MS,
    close: () => pool.end(),
  };
}
