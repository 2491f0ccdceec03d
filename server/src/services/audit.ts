import type { AuditEvent } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import type { Deps } from '../deps.ts';
import { insertAudit, type AuditEntry } from '../queries/audit.ts';

/** Where a request came from, as the audit log records it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** The admin who acts, and from where: every admin change is an audit row naming them. */
export interface Actor {
  userId: string;
  meta: RequestMeta;
}

export function audit(db: DbClient, meta: RequestMeta, entry: Omit<AuditEntry, 'ip' | 'userAgent'>): Promise<void> {
  return insertAudit(db, { ...entry, ip: meta.ip, userAgent: meta.userAgent });
}

export function auditAdmin(
  deps: Pick<Deps, 'clock'>,
  db: DbClient,
  actor: Actor,
  event: AuditEvent,
  entry: { userId?: string | null; appKey?: string | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  return insertAudit(db, {
    event,
    actorId: actor.userId,
    userId: entry.userId ?? null,
    appKey: entry.appKey ?? null,
    ip: actor.meta.ip,
    userAgent: actor.meta.userAgent,
    at: deps.clock.now(),
    details: entry.details ?? {},
  });
}
