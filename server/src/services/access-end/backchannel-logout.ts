import { AuditEvent } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { destinationPolicy } from '../../domain/outgoing-address.ts';
import { postToRegisteredUrl, type ResolveHost } from '../../lib/outgoing-request.ts';
import { findAppById } from '../../queries/apps.ts';
import { insertAudit } from '../../queries/audit.ts';
import { findUserById } from '../../queries/users.ts';

const TIMEOUT_MS = 5_000;

export const BACKCHANNEL_LOGOUT_JOB = 'backchannel-logout';

/** The app to tell, as it was registered when access ended: a deleted app is still told. */
export interface LoggedOutApp {
  key: string;
  audience: string;
  backchannel_logout_url: string;
}

export interface BackchannelLogoutJob {
  appId: string;
  userId: string;
  /** The session that ended; none when the app's grant ended without a live session that used it (then `sub` alone says whom). */
  sid?: string;
  /** Signed in through OpenID Connect: the token is addressed to the client_id, else to the audience. */
  viaOidc?: boolean;
  /** The app as registered when access ended; used when it no longer exists by the time of delivery. */
  app?: LoggedOutApp;
}

export interface DeliveryOptions {
  /** How the app's host name is resolved (the system resolver unless given). */
  resolve?: ResolveHost;
}

/**
 * OIDC Back-Channel Logout 1.0: POST a signed logout_token naming the player (`sub`) and the session
 * (`sid`) when one ended (§2.4 allows either or both); throws when a retry may succeed.
 */
export async function deliverBackchannelLogout(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>,
  job: BackchannelLogoutJob,
  options: DeliveryOptions = {},
): Promise<void> {
  const [current, user] = await Promise.all([findAppById(deps.db, job.appId), findUserById(deps.db, job.userId)]);
  const app = current ?? job.app;
  if (!app?.backchannel_logout_url || !user) return; // no URL any more (or no such player): nothing to tell
  const now = deps.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const logoutToken = await deps.keys.sign(
    {
      iss: deps.config.publicUrl,
      aud: job.viaOidc ? app.key : app.audience,
      sub: user.uid,
      ...(job.sid ? { sid: job.sid } : {}),
      iat,
      exp: iat + 120,
      jti: randomUUID(),
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    },
    'logout+jwt',
  );
  const result = await postToRegisteredUrl(
    {
      url: app.backchannel_logout_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-store' },
      body: new URLSearchParams({ logout_token: logoutToken }).toString(),
    },
    { ...destinationPolicy(deps.config.publicUrl), timeoutMs: TIMEOUT_MS, resolve: options.resolve },
  );
  if (result.ok) {
    await record(deps, job, app.key, AuditEvent.BackchannelLogoutDelivered, 'delivered');
    return;
  }
  const outcome = `failed: ${result.reason}`;
  await record(deps, job, app.key, AuditEvent.BackchannelLogoutFailed, outcome);
  // Only what may pass later (no answer, a server error) is retried. A refused destination, a redirect or
  // the app's refusal answer the same on every try: audited once, the job ends instead of retrying in vain.
  if (result.transient) throw new Error(`back-channel logout to ${app.key} ${outcome}`);
}

function record(deps: Pick<Deps, 'db' | 'clock'>, job: BackchannelLogoutJob, appKey: string, event: AuditEvent, outcome: string) {
  return insertAudit(deps.db, {
    event,
    userId: job.userId,
    appKey,
    at: deps.clock.now(),
    details: { ...(job.sid ? { sid: job.sid } : {}), outcome },
  });
}
