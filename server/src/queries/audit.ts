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
