import { AuditEvent, type SyncTarget } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { insertAudit } from '../../queries/audit.ts';

/** A sync run that ended failed, on the Activity screen beside who started it. */
export function auditRunFailed(deps: Pick<Deps, 'db' | 'clock'>, run: { id: string; target: SyncTarget }, reason: string): Promise<void> {
  return insertAudit(deps.db, {
    event: AuditEvent.SyncFailed,
    at: deps.clock.now(),
    details: { target: run.target, runId: run.id, reason },
  });
}
