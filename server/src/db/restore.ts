import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { BackupError, checkSchema, parseHeader, type BackupHeader, type BackupLine } from './backup-format.ts';
import { tablesOf } from './backup.ts';
import { knownMigrations, migrate } from './migrate.ts';

const BATCH = 500;

/** The file's lines, one at a time; a file that is not gzip, or is cut short, throws a BackupError. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file).pipe(createGunzip());
  let partial = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      yield* lines;
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new BackupError(`${file} cannot be read (${code})`);
    if (code?.startsWith('Z_')) {
      throw partial || code === 'Z_BUF_ERROR'
        ? new BackupError(`${file} is cut short or damaged: it cannot be restored`)
        : new BackupError(`${file} is not a portal backup (npm run backup writes them, under DATA_DIR/backups/)`);
    }
    throw err;
  } finally {
    stream.destroy();
  }
  if (partial) yield partial;
}

/** Reads only the first line: is this a backup this version can restore? Throws a BackupError saying why not. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  let first: string | undefined;
  try {
    for await (const line of linesOf(file)) {
      first = line;
      break;
    }
  } catch (err) {
    if (err instanceof BackupError && first === undefined && !/cannot be read/.test(err.message)) {
      throw new BackupError(`${file} is not a portal backup (npm run backup writes them, under DATA_DIR/backups/)`);
    }
    throw err;
  }
  const header = parseHeader(first, file);
  checkSchema(header, knownMigrations(), file);
  return header;
}

export interface RestoreSummary {
  createdAt: string;
  /** Rows restored per table. */
  rows: Record<string, number>;
  /** The backup's newest migration, and the migrations applied after it (a backup from an older version). */
  backupSchema: string;
  upgradedBy: string[];
}

/**
 * Restores `file` into `schema`, which holds no tables yet: the schema is built by the migrations the
 * backup had, filled with its rows in one transaction, then brought up to this version. Foreign keys
 * and triggers are not checked while rows go in (the backup is one consistent snapshot), which takes a
 * superuser: the embedded PostgreSQL's `postgres`.
 */
export async function restoreBackup(databaseUrl: string, schema: string, file: string): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  await migrate(databaseUrl, schema, header.migrations.length);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const s = client.escapeIdentifier(schema);
  const rows: Record<string, number> = {};
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const tables = await tablesOf(client, schema);
    // The migrations seed rows (the portal app); the backup's rows replace them.
    if (tables.length) await client.query(`TRUNCATE ${tables.map((t) => `${s}.${client.escapeIdentifier(t)}`).join(', ')}`);
    let table: string | null = null;
    let columns = '';
    let batch: string[] = [];
    let end: Record<string, number> | null = null;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const target = `${s}.${client.escapeIdentifier(table)}`;
      await client.query(
        `INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)`,
        [`[${batch.join(',')}]`],
      );
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
    };
    let first = true;
    for await (const line of linesOf(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (!line) continue;
      if (line.startsWith('{"table":') || line.startsWith('{"sequences":') || line.startsWith('{"end":')) {
        await flush();
        const marker = JSON.parse(line) as BackupLine;
        if ('table' in marker) {
          if (!tables.includes(marker.table)) throw new BackupError(`${file} holds a table ${marker.table} that its schema does not have`);
          table = marker.table;
          rows[table] = 0;
          columns = await insertableColumns(client, schema, table);
        } else if ('sequences' in marker) {
          table = null;
          for (const [name, value] of Object.entries(marker.sequences)) {
            await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
              `${s}.${client.escapeIdentifier(name)}`,
              value.last_value,
              value.is_called,
            ]);
          }
        } else {
          end = marker.end;
        }
        continue;
      }
      if (!table) throw new BackupError(`${file} is damaged: a row outside any table`);
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    const complete = end && header.tables.every((t) => end![t] === (rows[t] ?? 0));
    if (!complete) throw new BackupError(`${file} is cut short: it ends before all its rows (nothing was restored)`);
    await client.query('COMMIT');
    // A backup carries rows, not the planner's statistics: without them the planner guesses what the tables hold,
    // and each connection keeps the plans it made until autovacuum's next round. The rows are in by now: statistics
    // that could not be gathered are autovacuum's to gather, not a failed restore.
    const restored = Object.keys(rows).map((t) => `${s}.${client.escapeIdentifier(t)}`);
    if (restored.length) await client.query(`ANALYZE ${restored.join(', ')}`).catch(() => undefined);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  const upgradedBy = await migrate(databaseUrl, schema);
  return { createdAt: header.createdAt, rows, backupSchema: header.migrations.at(-1) ?? '(none)', upgradedBy };
}

/** The table's columns a row can set: not dropped, not generated. */
async function insertableColumns(client: pg.ClientBase, schema: string, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = ($1 || '.' || $2)::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [pg.escapeIdentifier(schema), pg.escapeIdentifier(table)],
  );
  return rows.map((r) => pg.escapeIdentifier(r.name)).join(', ');
}
