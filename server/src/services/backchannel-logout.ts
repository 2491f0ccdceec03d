import { AuditEvent } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { findAppById } from '../queries/apps.ts';
import { insertAudit } from '../queries/audit.ts';
import { findUserById } from '../queries/users.ts';
import type { BackchannelLogoutJob } from './sign-out.ts';

const TIMEOUT_MS = 5_000;

/** OIDC Back-Channel Logout 1.0: POST a signed logout_token; throws so the job is retried. */
export async function deliverBackchannelLogout(deps: Deps, job: BackchannelLogoutJob, fetchFn: typeof fetch = fetch): Promise<void> {
  const [app, user] = await Promise.all([findAppById(deps.db, job.appId), findUserById(deps.db, job.userId)]);
  if (!app?.backchannel_logout_url || !user) return; // the app or its URL is gone: nothing to tell
  const now = deps.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const logoutToken = await deps.keys.sign(
    {
      iss: deps.config.publicUrl,
      aud: app.audience,
      sub: user.uid,
      sid: job.sid,
      iat,
      exp: iat + 120,
      jti: randomUUID(),
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    },
    'logout+jwt',
  );
  let outcome: string;
  try {
    const res = await fetchFn(app.backchannel_logout_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-store' },
      body: new URLSearchParams({ logout_token: logoutToken }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    outcome = res.ok ? `delivered (HTTP ${res.status})` : `refused with HTTP ${res.status}`;
    if (res.ok) {
      await record(deps, job, app.key, AuditEvent.BackchannelLogoutDelivered, outcome);
      return;
    }
  } catch (err) {
    outcome = `could not be delivered: ${(err as Error).message}`;
  }
  await record(deps, job, app.key, AuditEvent.BackchannelLogoutFailed, outcome);
  throw new Error(`back-channel logout to ${app.key} ${outcome}`);
}

function record(deps: Deps, job: BackchannelLogoutJob, appKey: string, event: AuditEvent, outcome: string) {
  return insertAudit(deps.db, { event, userId: job.userId, appKey, at: deps.clock.now(), details: { sid: job.sid, outcome } });
}
