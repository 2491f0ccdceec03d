import type { Deps } from '../../deps.ts';
import { findForwarding } from './queries/forwarding.ts';
import { deleteAuditBatch } from '../../queries/audit.ts';

/** Rows one DELETE removes: each statement is short, so sign-ins writing their events never wait long. */
const RETENTION_BATCH = 5_000;

/**
 * Deletes audit events older than AUDIT_RETENTION_DAYS (0 keeps everything), a batch per statement, each in its
 * own transaction. Events forwarding has not delivered yet stay until it has.
 */
export async function purgeExpiredAudit(deps: Pick<Deps, 'db' | 'clock' | 'config'>, batch = RETENTION_BATCH): Promise<number> {
  const days = deps.config.audit.retentionDays;
  if (days === 0) return 0;
  const before = new Date(deps.clock.now().getTime() - days * 24 * 60 * 60_000);
  const keepAbove = (await findForwarding(deps.db))?.delivered_id ?? null;
  let deleted = 0;
  for (;;) {
    const n = await deleteAuditBatch(deps.db, before, keepAbove, batch);
    deleted += n;
    if (n < batch) return deleted;
  }
}
