import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/pool.ts';
import { sha256 } from '../../lib/tokens.ts';
import { appsUsedBySessions } from '../../queries/session-apps.ts';
import { endOidcSessionsOf } from '../../queries/oidc-payloads.ts';
import { endUserSessions, findSessionByTokenHash } from '../../queries/sessions.ts';
import { audit, type RequestMeta } from '../audit.ts';

export const BACKCHANNEL_LOGOUT_JOB = 'backchannel-logout';

export interface BackchannelLogoutJob {
  appId: string;
  userId: string;
  sid: string;
  /** Signed in through OpenID Connect: the token is addressed to the client_id, else to the audience. */
  viaOidc?: boolean;
}

/**
 * Signs the user out everywhere: ends all their sessions, queues an OIDC back-channel logout for
 * each app those sessions were used with, and answers the front-channel logout URLs to load.
 */
export async function signOut(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'authCache' | 'queue'>,
  token: string | undefined,
  meta: RequestMeta,
): Promise<{ frontChannelUrls: string[] }> {
  if (!token) return { frontChannelUrls: [] };
  const now = deps.clock.now();
  const current = await findSessionByTokenHash(deps.db, sha256(token));
  if (!current || current.ended_at) return { frontChannelUrls: [] };

  const { apps, jobs } = await inTransaction(deps.db, async (tx) => {
    const ended = await endUserSessions(tx, current.user_id, now);
    await endOidcSessionsOf(tx, current.user_id);
    const used = await appsUsedBySessions(
      tx,
      ended.map((s) => s.id),
    );
    await audit(tx, meta, {
      event: AuditEvent.Logout,
      userId: current.user_id,
      appKey: PORTAL_APP_KEY,
      expiresAt: current.expires_at,
      at: now,
      details: { sid: current.sid, sessions_ended: ended.length, apps_notified: [...new Set(used.map((u) => u.key))] },
    });
    const backchannel = used
      .filter((u) => u.backchannel_logout_url)
      .map((u): BackchannelLogoutJob => ({ appId: u.app_id, userId: current.user_id, sid: u.sid, viaOidc: u.via_oidc }));
    return { apps: used, jobs: backchannel };
  });
  await deps.authCache.flush();
  // Each channel stands alone: a queue failure does not keep the browser from its logout page.
  await Promise.all(jobs.map((job) => deps.queue.send(BACKCHANNEL_LOGOUT_JOB, job).catch(() => undefined)));

  const frontChannelUrls = apps
    .filter((a) => a.frontchannel_logout_url)
    .map((a) => {
      const url = new URL(a.frontchannel_logout_url!);
      url.searchParams.set('iss', deps.config.publicUrl);
      url.searchParams.set('sid', a.sid);
      return url.toString();
    });
  return { frontChannelUrls: [...new Set(frontChannelUrls)] };
}
