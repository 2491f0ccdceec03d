import type { DbClient } from '../db/pool.ts';
import type { AuditEntry } from './audit.ts';
import type { OidcPayloadRow } from './oidc-payloads.ts';

/** One change to a record of the protocol library, the last one a request made to it. */
export type OidcRecordWrite =
  /** Written whole; `consumedAt` when the request also used it up. */
  | { op: 'upsert'; row: OidcPayloadRow; consumedAt: Date | null }
  /** Used up (a code, a refresh token, a device code): only if nobody used it first. */
  | { op: 'consume'; model: string; id: string; at: Date }
  | { op: 'destroy'; model: string; id: string };

/** Everything one request to the OpenID Provider writes. */
export interface OidcRequestWriteSet {
  records: readonly OidcRecordWrite[];
  /** Portal sessions that signed in to an app through OpenID Connect (its sign-out tells the app). */
  sessionApps: readonly { sessionId: string; appId: string }[];
  audits: readonly AuditEntry[];
}

const recordOf = (w: OidcRecordWrite) =>
  w.op === 'upsert'
    ? {
        op: w.op,
        model: w.row.model,
        id: w.row.id,
        payload: w.row.payload,
        grant_id: w.row.grantId,
        uid: w.row.uid,
        client_id: w.row.clientId,
        account_id: w.row.accountId,
        expires_at: w.row.expiresAt,
        consumed_at: w.consumedAt,
      }
    : { op: w.op, model: w.model, id: w.id, consumed_at: w.op === 'consume' ? w.at : null };

const auditOf = (e: AuditEntry) => ({
  created_at: e.at,
  event: e.event,
  user_id: e.userId ?? null,
  actor_id: e.actorId ?? null,
  app_key: e.appKey ?? null,
  ip: e.ip ?? null,
  user_agent: e.userAgent ?? null,
  expires_at: e.expiresAt ?? null,
  details: e.details ?? {},
});

/**
 * Writes a request's set in one statement, so a code flow's code, session, grant, session app and
 * audit row cost one round trip. Answers false, and writes no record and no session app, when a
 * record to consume was consumed (or deleted) meanwhile by another request: two redemptions of
 * one code cannot both issue tokens. The audit rows are written either way.
 */
export async function writeOidcRequest(db: DbClient, set: OidcRequestWriteSet): Promise<boolean> {
  if (set.records.length === 0 && set.sessionApps.length === 0 && set.audits.length === 0) return true;
  // Named: PostgreSQL plans it once per connection, and its long text is sent once.
  const { rows } = await db.query<{ held: boolean }>({
    name: 'oidc-request-writes',
    text: `WITH w AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(op text, model text, id text, payload jsonb, grant_id text, uid text,
                                                       client_id text, account_id text, expires_at timestamptz, consumed_at timestamptz)),
     consumed AS (
       UPDATE oidc_payloads p SET consumed_at = w.consumed_at FROM w
       WHERE w.op = 'consume' AND p.model = w.model AND p.id = w.id AND p.consumed_at IS NULL
       RETURNING p.id),
     held AS (SELECT (SELECT count(*) FROM consumed) = (SELECT count(*) FROM w WHERE w.op = 'consume') AS held),
     upserted AS (
       INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, client_id, account_id, expires_at, consumed_at)
       SELECT w.model, w.id, w.payload, w.grant_id, w.uid, w.client_id, w.account_id, w.expires_at, w.consumed_at
       FROM w, held WHERE w.op = 'upsert' AND held.held
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         client_id = EXCLUDED.client_id, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at,
         consumed_at = COALESCE(EXCLUDED.consumed_at, oidc_payloads.consumed_at)
       RETURNING 1),
     destroyed AS (
       DELETE FROM oidc_payloads p USING w, held
       WHERE w.op = 'destroy' AND held.held AND p.model = w.model AND p.id = w.id
       RETURNING 1),
     used AS (
       INSERT INTO session_apps (session_id, app_id, via_oidc)
       SELECT u.session_id, u.app_id, true FROM jsonb_to_recordset($2::jsonb) AS u(session_id uuid, app_id uuid), held
       WHERE held.held
       ON CONFLICT (session_id, app_id) DO UPDATE SET via_oidc = true WHERE NOT session_apps.via_oidc
       RETURNING 1),
     audited AS (
       INSERT INTO audit_log (created_at, event, user_id, actor_id, app_key, ip, user_agent, expires_at, details)
       SELECT e.created_at, e.event, e.user_id, e.actor_id, e.app_key, e.ip, e.user_agent, e.expires_at, e.details
       FROM jsonb_to_recordset($3::jsonb) AS e(created_at timestamptz, event text, user_id uuid, actor_id uuid, app_key text,
                                               ip text, user_agent text, expires_at timestamptz, details jsonb)
       RETURNING 1)
     SELECT held FROM held`,
    values: [
      JSON.stringify(set.records.map(recordOf)),
      JSON.stringify(set.sessionApps.map((u) => ({ session_id: u.sessionId, app_id: u.appId }))),
      JSON.stringify(set.audits.map(auditOf)),
    ],
  });
  return rows[0]?.held === true;
}
