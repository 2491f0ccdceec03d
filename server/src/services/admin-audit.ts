import type { AuditEvent } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import type { Deps } from '../deps.ts';
import { insertAudit } from '../queries/audit.ts';
import type { RequestMeta } from './audit.ts';

/** The admin who acts, and from where: every admin change is an audit row naming them. */
export interface Actor {
  userId: string;
  meta: RequestMeta;
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
