import { AUDIT_FAILURE_EVENTS, auditOutcome, type ActivityPage, type ActivityRow, type AuditFilters } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { deviceFieldsOf } from '../../domain/user-agent.ts';
import { listAuditEvents, type AuditEventRow, type AuditKey, type AuditRowFilter } from '../../queries/audit.ts';

const rowFilter = (filters: AuditFilters): AuditRowFilter => ({ ...filters, failureEvents: AUDIT_FAILURE_EVENTS });

export const toActivityRow = (row: AuditEventRow): ActivityRow => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  event: row.event,
  outcome: auditOutcome(row.event),
  user_id: row.user_id,
  user_uid: row.user_uid,
  user_name: row.user_name,
  actor_id: row.actor_id,
  actor_uid: row.actor_uid,
  actor_name: row.actor_name,
  app_key: row.app_key,
  app_name: row.app_name,
  ip: row.ip,
  user_agent: row.user_agent,
  ...deviceFieldsOf(row.user_agent),
  details: row.details,
});

/** The cursor of the page after `row` (the contract's AuditCursor). */
const cursorAfter = (row: AuditEventRow) => `${row.micros}-${row.id}`;

function keyOf(cursor: string | undefined): AuditKey | null {
  if (!cursor) return null;
  const [micros = '0', id = '0'] = cursor.split('-');
  return { micros, id };
}

/** One page of events, newest first, after `cursor`; `next_cursor` is null on the last page. */
export async function listActivity(
  deps: Pick<Deps, 'db'>,
  query: AuditFilters & { cursor?: string | undefined; limit: number },
): Promise<ActivityPage> {
  const { cursor, limit, ...filters } = query;
  const rows = await listAuditEvents(deps.db, rowFilter(filters), keyOf(cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { events: page.map(toActivityRow), next_cursor: rows.length > limit && last ? cursorAfter(last) : null };
}

/** Every event the filters select, newest first, read a batch at a time (the export streams them). */
export async function* eachActivity(deps: Pick<Deps, 'db'>, filters: AuditFilters, batch = 1000): AsyncGenerator<ActivityRow> {
  let after: AuditKey | null = null;
  for (;;) {
    const rows = await listAuditEvents(deps.db, rowFilter(filters), after, batch);
    for (const row of rows) yield toActivityRow(row);
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    after = { micros: last.micros, id: last.id };
  }
}
