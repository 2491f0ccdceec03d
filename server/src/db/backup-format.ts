/**
 * A portal backup: gzip'd JSON lines. The first line says what it is and which migrations its schema had,
 * then each table as a `{"table": name}` line followed by one line per row (the row as `to_jsonb` wrote it),
 * then the sequences, and last the row counts, so a file cut short is told from a whole one.
 */
export const BACKUP_FORMAT = 'swc-portal-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The migrations applied to the database it was taken from, in order. */
  migrations: string[];
  tables: string[];
}

export type BackupLine =
  { table: string } | { sequences: Record<string, { last_value: string; is_called: boolean }> } | { end: Record<string, number> };

/** What an operator is told cannot be restored, in words. */
export class BackupError extends Error {}

export function parseHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | null;
  try {
    header = line ? (JSON.parse(line) as Partial<BackupHeader>) : null;
  } catch {
    header = null;
  }
  if (header?.format !== BACKUP_FORMAT || !Array.isArray(header.migrations) || !Array.isArray(header.tables)) {
    throw new BackupError(`${file} is not a portal backup (npm run backup writes them, under DATA_DIR/backups/)`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`${file} is a portal backup of format ${String(header.version)}, which this version cannot read`);
  }
  return header as BackupHeader;
}

/**
 * A backup restores into this version only if every migration it had is one this version knows, in the
 * same order: a backup from a newer version has a schema this one cannot hold.
 */
export function checkSchema(header: BackupHeader, known: string[], file: string): void {
  const unknown = header.migrations.find((name, i) => known[i] !== name);
  if (unknown === undefined) return;
  throw new BackupError(
    known.includes(unknown)
      ? `${file} has its migrations in an order this version does not know (${unknown}): it cannot be restored here`
      : `${file} comes from a newer version of the portal (its schema has migration ${unknown}, which this version does not know): restore it with that version or a newer one`,
  );
}
