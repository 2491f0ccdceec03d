import { auditSentence, type ActivityRow, type AuditFilters } from '@portal/contract';
import { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { eachActivity } from './activity.ts';

export type ExportFormat = 'csv' | 'ndjson';

const CSV_COLUMNS = [
  'id',
  'time',
  'event',
  'outcome',
  'sentence',
  'user_uid',
  'user_name',
  'actor_uid',
  'actor_name',
  'app_key',
  'app_name',
  'ip',
  'user_agent',
  'details',
] as const;

/**
 * One CSV field (RFC 4180). A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: names and user agents come from outside. NDJSON keeps every value as it is.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(row: ActivityRow): string {
  const values: Record<(typeof CSV_COLUMNS)[number], string | null> = {
    id: row.id,
    time: row.created_at,
    event: row.event,
    outcome: row.outcome,
    sentence: auditSentence({ ...row, user_name: row.user_name ?? row.user_uid }),
    user_uid: row.user_uid,
    user_name: row.user_name,
    actor_uid: row.actor_uid,
    actor_name: row.actor_name,
    app_key: row.app_key,
    app_name: row.app_name,
    ip: row.ip,
    user_agent: row.user_agent,
    details: JSON.stringify(row.details),
  };
  return `${CSV_COLUMNS.map((c) => csvField(values[c])).join(',')}\r\n`;
}

async function* lines(deps: Pick<Deps, 'db'>, filters: AuditFilters, format: ExportFormat): AsyncGenerator<string> {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const row of eachActivity(deps, filters)) yield format === 'csv' ? csvLine(row) : `${JSON.stringify(row)}\n`;
}

/** The filtered events as a stream, read from the database a batch at a time as the client takes them. */
export function exportActivity(deps: Pick<Deps, 'db'>, filters: AuditFilters, format: ExportFormat): Readable {
  return Readable.from(lines(deps, filters, format));
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};
