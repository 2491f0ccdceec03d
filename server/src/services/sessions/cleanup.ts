import type { Deps } from '../../deps.ts';
import { deleteExpiredLoginAttempts } from '../../queries/login-attempts.ts';
import { deleteExpiredOidcPayloads } from '../../queries/oidc-payloads.ts';
import { deleteSessionsFinishedBefore } from '../../queries/sessions.ts';
import { purgeExpiredAudit } from '../audit-trail/retention.ts';

/**
 * A finished session stays a day, so an operator can still look up one a user just asked about;
 * after that it is only a row that can never sign anyone in again. The audit log keeps every
 * sign-in and sign-out for AUDIT_RETENTION_DAYS (it does not reference sessions).
 */
const FINISHED_SESSION_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Deletes sessions finished more than a day ago, sign-in attempts and OpenID Connect records (codes,
 * tokens, grants, interactions) past their expiry, and audit events past their retention.
 */
export async function purgeFinishedSignIns(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
): Promise<{ sessions: number; loginAttempts: number; oidcRecords: number; auditEvents: number }> {
  const now = deps.clock.now();
  const sessions = await deleteSessionsFinishedBefore(deps.db, new Date(now.getTime() - FINISHED_SESSION_RETENTION_MS));
  const loginAttempts = await deleteExpiredLoginAttempts(deps.db, now);
  const oidcRecords = await deleteExpiredOidcPayloads(deps.db, now);
  const auditEvents = await purgeExpiredAudit(deps);
  return { sessions, loginAttempts, oidcRecords, auditEvents };
}
