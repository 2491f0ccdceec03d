import type { AuditEvent } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';

export interface AuditEntry {
  event: AuditEvent;
  /** The user the event is about. */
  userId?: string | null;
  /** The admin who acted; none for a user's own events. */
  actorId?: string | null;
  appKey?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  expiresAt?: Date | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function insertAudit(db: DbClient, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (created_at, event, user_id, actor_id, app_key, ip, user_agent, expires_at, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.at,
      e.event,
      e.userId ?? null,
      e.actorId ?? null,
      e.appKey ?? null,
      e.ip ?? null,
      e.userAgent ?? null,
      e.expiresAt ?? null,
      e.details ?? {},
    ],
  );
}

/** Many rows in one statement: one per player an admin's change touched. */
export async function insertAuditRows(db: DbClient, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (e: AuditEntry) => T) => entries.map(pick);
  await db.query(
    `INSERT INTO audit_log (created_at, event, user_id, actor_id, app_key, ip, user_agent, expires_at, details)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                          $8::timestamptz[], $9::jsonb[])`,
    [
      column((e) => e.at),
      column((e) => e.event),
      column((e) => e.userId ?? null),
      column((e) => e.actorId ?? null),
      column((e) => e.appKey ?? null),
      column((e) => e.ip ?? null),
      column((e) => e.userAgent ?? null),
      column((e) => e.expiresAt ?? null),
      column((e) => JSON.stringify(e.details ?? {})),
    ],
  );
}

/** What the Activity filters become in SQL (the contract's AuditFilters, with the failure events for `outcome`). */
export interface AuditRowFilter {
  from?: string | undefined;
  to?: string | undefined;
  actor?: string | undefined;
  user?: string | undefined;
  app?: string | undefined;
  event?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  failureEvents: readonly string[];
}

/** Where a page starts: strictly older than this row (its created_at in microseconds since 1970, and its id). */
export interface AuditKey {
  micros: string;
  id: string;
}

export interface AuditEventRow {
  id: string;
  micros: string;
  created_at: Date;
  event: string;
  user_id: string | null;
  user_uid: string | null;
  user_name: string | null;
  actor_id: string | null;
  actor_uid: string | null;
  actor_name: string | null;
  app_key: string | null;
  app_name: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

/** `micros` exactly (no float on the way): whole seconds, then the microseconds left. */
const KEY_TIME = `('epoch'::timestamptz + ($M::bigint / 1000000) * interval '1 second' + ($M::bigint % 1000000) * interval '1 microsecond')`;

function whereOf(filter: AuditRowFilter, after: AuditKey | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (filter.from) conditions.push(`l.created_at >= ${arg(filter.from)}::timestamptz`);
  if (filter.to) conditions.push(`l.created_at < ${arg(filter.to)}::timestamptz`);
  if (filter.actor) conditions.push(`l.actor_id = ${arg(filter.actor)}`);
  if (filter.user) conditions.push(`l.user_id = ${arg(filter.user)}`);
  if (filter.app) conditions.push(`l.app_key = ${arg(filter.app)}`);
  if (filter.event) conditions.push(`l.event = ${arg(filter.event)}`);
  if (filter.outcome === 'failure') conditions.push(`l.event = ANY(${arg(filter.failureEvents)}::text[])`);
  if (filter.outcome === 'success') conditions.push(`l.event <> ALL(${arg(filter.failureEvents)}::text[])`);
  if (after) {
    const micros = arg(after.micros);
    conditions.push(`(l.created_at, l.id) < (${KEY_TIME.replaceAll('$M', micros)}, ${arg(after.id)}::bigint)`);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/**
 * Audit events newest first (created_at, then id), `limit` of them after `after`: a keyset page, as fast on
 * the millionth row as on the first (each filter has an index in that order).
 */
export async function listAuditEvents(
  db: DbClient,
  filter: AuditRowFilter,
  after: AuditKey | null,
  limit: number,
): Promise<AuditEventRow[]> {
  const where = whereOf(filter, after);
  const { rows } = await db.query<AuditEventRow>(
    `SELECT l.id::text AS id, (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS micros, l.created_at, l.event,
            l.user_id, u.uid AS user_uid, u.name AS user_name, l.actor_id, actor.uid AS actor_uid, actor.name AS actor_name,
            l.app_key, a.name AS app_name, l.ip, l.user_agent, l.details
     FROM (SELECT * FROM audit_log l ${where.sql} ORDER BY l.created_at DESC, l.id DESC LIMIT $${where.params.length + 1}) l
     LEFT JOIN users u ON u.id = l.user_id
     LEFT JOIN users actor ON actor.id = l.actor_id
     LEFT JOIN apps a ON a.key = l.app_key
     ORDER BY l.created_at DESC, l.id DESC`,
    [...where.params, limit],
  );
  return rows;
}

/** The id of the newest event (0 when there is none): where forwarding starts. */
export async function newestAuditId(db: DbClient): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log');
  return rows[0]!.id;
}

/**
 * Events after `afterId` in id order, for forwarding. `settled` is false for a row whose transaction may
 * still have a neighbour with a lower id in progress (its writer is not older than every running
 * transaction): forwarding stops there, so that a lower id committed late is not skipped.
 */
export async function auditEventsAfter(db: DbClient, afterId: string, limit: number): Promise<(AuditEventRow & { settled: boolean })[]> {
  const { rows } = await db.query<AuditEventRow & { settled: boolean }>(
    `SELECT age(l.xmin) > age((pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text::xid) AS settled,
            l.id::text AS id, (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS micros, l.created_at, l.event,
            l.user_id, u.uid AS user_uid, u.name AS user_name, l.actor_id, actor.uid AS actor_uid, actor.name AS actor_name,
            l.app_key, a.name AS app_name, l.ip, l.user_agent, l.details
     FROM (SELECT xmin, * FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2) l
     LEFT JOIN users u ON u.id = l.user_id
     LEFT JOIN users actor ON actor.id = l.actor_id
     LEFT JOIN apps a ON a.key = l.app_key
     ORDER BY l.id`,
    [afterId, limit],
  );
  return rows;
}

/** How many events are above `afterId`, counted up to `cap`. */
export async function countAuditAfter(db: DbClient, afterId: string, cap: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM (SELECT 1 FROM audit_log WHERE id > $1 LIMIT $2) s', [
    afterId,
    cap,
  ]);
  return Number(rows[0]!.n);
}

/**
 * Deletes up to `batch` events older than `before` (and, when given, at or below `keepAbove`: what forwarding has
 * not delivered yet stays). One short statement: writers never wait on it for long. Answers how many went.
 */
export async function deleteAuditBatch(db: DbClient, before: Date, keepAbove: string | null, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM audit_log WHERE id IN (
       SELECT id FROM audit_log WHERE created_at < $1 AND ($2::bigint IS NULL OR id <= $2::bigint) LIMIT $3
     )`,
    [before, keepAbove, batch],
  );
  return rowCount ?? 0;
}
