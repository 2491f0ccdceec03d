import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * node-pg-migrate makes a jiti instance (a TypeScript loader for migrations written in code) as it
 * is imported, and jiti writes a cache under node_modules/.cache. Our migrations are SQL, which it
 * never loads, and the production image runs on a read-only root filesystem: so no cache, and the
 * import waits until that is said.
 */
async function migrationRunner() {
  process.env.JITI_FS_CACHE ??= 'false';
  return (await import('node-pg-migrate')).runner;
}

/** The migrations this version has, in the order they apply (as `pgmigrations` names them). */
export function knownMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => f.slice(0, -'.sql'.length));
}

/**
 * Applies the forward-only SQL migrations, recorded in `pgmigrations`, under an advisory lock; `count`
 * stops after that many (a restore builds the schema its backup had first).
 */
export async function migrate(databaseUrl: string, schema = 'public', count = Infinity): Promise<string[]> {
  if (count === Infinity && (await hasEveryMigration(databaseUrl, schema))) return [];
  const runner = await migrationRunner();
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    schema,
    createSchema: true,
    count,
    checkOrder: true,
    // Replicas start together: the others wait for the one migrating, rather than crash.
    advisoryLockMode: 'wait',
    log: () => undefined,
  });
  return applied.map((m) => m.name);
}

/**
 * True when `schema` has applied exactly the migrations this version has, in order: the usual start of
 * a replica. The runner (node-pg-migrate and jiti, about 15 MB of resident memory that stays) is then
 * not loaded; anything else (a fresh database, a migration to apply, a replica migrating now) is left to it.
 */
export async function hasEveryMigration(databaseUrl: string, schema = 'public'): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${client.escapeIdentifier(schema)}.pgmigrations ORDER BY id`);
    const known = knownMigrations();
    return rows.length === known.length && rows.every((row, i) => row.name === known[i]);
  } catch {
    return false; // no migrations table yet
  } finally {
    await client.end();
  }
}
