import { auditSentence, type ActivityRow, type AuditFilters } from '@portal/contract';
import { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { eachActivity } from './activity.ts';

type ExportFormat = 'csv' | 'ndjson';

type CsvColumn = readonly [header: string, value: (row: ActivityRow) => string | null];
type TextField = { [K in keyof ActivityRow]: ActivityRow[K] extends string | null ? K : never }[keyof ActivityRow];

/** A column that is the activity row's own field, as the activity screen shows it. */
const copied = (field: TextField): CsvColumn => [field, (row) => row[field]];

const CSV_COLUMNS: readonly CsvColumn[] = [
  copied('id'),
  ['time', (row) => row.created_at],
  copied('event'),
  copied('outcome'),
  ['sentence', (row) => auditSentence({ ...row, user_name: row.user_name ?? row.user_uid })],
  ...(['user_uid', 'user_name', 'actor_uid', 'actor_name', 'app_key', 'app_name', 'ip', 'user_agent'] as const).map(copied),
  ['details', (row) => JSON.stringify(row.details)],
];

/**
 * One CSV field (RFC 4180). A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: names and user agents come from outside. NDJSON keeps every value as it is.
 */
function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(row: ActivityRow): string {
  return `${CSV_COLUMNS.map(([, value]) => csvField(value(row))).join(',')}\r\n`;
}

async function* lines(deps: Pick<Deps, 'db'>, filters: AuditFilters, format: ExportFormat): AsyncGenerator<string> {
  if (format === 'csv') yield `${CSV_COLUMNS.map(([header]) => header).join(',')}\r\n`;
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
