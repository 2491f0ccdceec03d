import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findSessionByTokenHash } from '../../queries/sessions.ts';
import { inTransaction } from '../../db/pool.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { audit, type RequestMeta } from '../audit.ts';

/**
 * The player signs out everywhere: every session of theirs ends (through the one way access ends),
 * and the front-channel logout pages of the apps those sessions used are answered for the browser.
 */
export async function signOut(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  token: string | undefined,
  meta: RequestMeta,
): Promise<{ frontChannelUrls: string[] }> {
  if (!token) return { frontChannelUrls: [] };
  const current = await findSessionByTokenHash(deps.db, sha256(token));
  if (!current || current.ended_at) return { frontChannelUrls: [] };
  return inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'sessions', userId: current.user_id }]);
    await audit(tx, meta, {
      event: AuditEvent.Logout,
      userId: current.user_id,
      appKey: PORTAL_APP_KEY,
      expiresAt: current.expires_at,
      at: deps.clock.now(),
      details: { sid: current.sid, sessions_ended: ended.sessions.length, apps_notified: ended.appsNotified },
    });
    return { frontChannelUrls: ended.frontChannelUrls };
  });
}
