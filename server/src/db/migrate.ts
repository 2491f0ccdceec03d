import { runner } from 'node-pg-migrate';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Applies the forward-only SQL migrations, recorded in `pgmigrations`, under an advisory lock. */
export async function migrate(databaseUrl: string, schema = 'public'): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    schema,
    createSchema: true,
    count: Infinity,
    checkOrder: true,
    // Replicas start together: the others wait for the one migrating, rather than crash.
    advisoryLockMode: 'wait',
    log: () => undefined,
  });
  return applied.map((m) => m.name);
}
