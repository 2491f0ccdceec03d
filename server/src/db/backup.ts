import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { BACKUP_FORMAT, BackupError, BACKUP_VERSION, type BackupHeader, type BackupLine } from './backup-format.ts';

const BATCH = 1000;

/** The tables of `schema` a backup holds: all but node-pg-migrate's own (the header lists the migrations). */
export async function tablesOf(client: pg.ClientBase, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname <> 'pgmigrations' ORDER BY c.relname`,
    [schema],
  );
  return rows.map((r) => r.name);
}

async function* backupLines(client: pg.ClientBase, schema: string, now: Date): AsyncGenerator<string> {
  const s = client.escapeIdentifier(schema);
  // One snapshot for every table: a running portal goes on writing, the backup sees one moment.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const known = await client.query(`SELECT to_regclass($1) AS t`, [`${s}.pgmigrations`]);
    if (!known.rows[0].t)
      throw new BackupError('The database holds no portal schema yet (the portal creates it at its first start): nothing to back up');
    const migrations = (await client.query<{ name: string }>(`SELECT name FROM ${s}.pgmigrations ORDER BY id`)).rows.map((r) => r.name);
    const tables = await tablesOf(client, schema);
    const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), migrations, tables };
    yield `${JSON.stringify(header)}\n`;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      yield `${JSON.stringify({ table } satisfies BackupLine)}\n`;
      counts[table] = 0;
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${s}.${client.escapeIdentifier(table)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM backup_rows`);
        if (rows.length === 0) break;
        counts[table] += rows.length;
        yield rows.map((r) => `${r.row}\n`).join('');
      }
      await client.query('CLOSE backup_rows');
    }
    const sequences: Extract<BackupLine, { sequences: unknown }>['sequences'] = {};
    const seqNames = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'S'`,
      [schema],
    );
    for (const { name } of seqNames.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${s}.${client.escapeIdentifier(name)}`,
      );
      sequences[name] = rows[0]!;
    }
    yield `${JSON.stringify({ sequences } satisfies BackupLine)}\n`;
    yield `${JSON.stringify({ end: counts } satisfies BackupLine)}\n`;
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The file name of a backup taken at `now`: sorts by time, and says what it is. */
function backupFileName(now: Date): string {
  return `portal-${now.toISOString().replace(/[-:]/g, '')}.jsonl.gz`;
}

/**
 * Writes a backup of `schema` at `databaseUrl` into `dir` and returns its path. The file appears
 * only once complete (written beside it, then renamed).
 */
export async function writeBackup(databaseUrl: string, schema: string, dir: string, now = new Date()): Promise<string> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.partial`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await pipeline(Readable.from(backupLines(client, schema, now)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
  return file;
}
