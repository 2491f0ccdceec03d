import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';

const MACHINE_SERVER = 'postgres://postgres@127.0.0.1:5432';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onMachineServer(): Promise<FreshDatabase> {
  const name = `replicas_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${MACHINE_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `${MACHINE_SERVER}/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: `${MACHINE_SERVER}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/**
 * An empty database for several processes of the product: on the machine's PostgreSQL (always
 * there in CI), else on an embedded one started for the purpose.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  try {
    return await onMachineServer();
  } catch (err) {
    if (process.env.CI === 'true') throw err;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-replicas-pg-'));
  const embedded = await startEmbeddedPostgres(dir, () => undefined, 'replicas');
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
