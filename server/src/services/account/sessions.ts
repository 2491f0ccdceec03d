import { AuditEvent, PORTAL_APP_KEY, type AccountSession } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { deviceOf } from '../../domain/user-agent.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { findOwnSession, listOwnSessions } from './queries/account.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';

type EndingDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>;

/** Where the player is signed in: each live session, this browser's marked. */
export async function ownSessions(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<AccountSession[]> {
  const rows = await listOwnSessions(deps.db, auth.user.id, deps.clock.now());
  const sessions = rows.map((s): AccountSession => {
    const device = deviceOf(s.user_agent);
    return {
      sid: s.sid,
      device: device.name,
      device_kind: device.kind,
      ip: s.ip,
      user_agent: s.user_agent,
      signed_in_at: s.created_at.toISOString(),
      last_used_at: s.last_seen_at.toISOString(),
      current: s.sid === auth.session.sid,
    };
  });
  // This browser's first: the one the player knows.
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * Signs the player out of one other session, through the one way access ends: what lasts as long
 * as that session ends with it and the apps it used are told. Another player's session, or one that
 * is not live, is not found; this browser's own session is signed out with Logout.
 */
export async function signOutSession(deps: EndingDeps, auth: AuthContext, sid: string, meta: RequestMeta): Promise<void> {
  const userId = auth.user.id;
  if (sid === auth.session.sid) throw new Conflict('This is the session you are using: sign out of it with Logout.');
  const session = await findOwnSession(deps.db, userId, sid, deps.clock.now());
  if (!session) throw new NotFound('You have no live session with this id.');
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'sessions', userId, sids: [sid], liveAt: deps.clock.now() }]);
    if (ended.sessions.length === 0) throw new NotFound('You have no live session with this id.');
    await audit(tx, meta, {
      event: AuditEvent.SessionSignedOut,
      userId,
      appKey: PORTAL_APP_KEY,
      at: deps.clock.now(),
      details: { sid, device: deviceOf(session.user_agent).name, apps_notified: ended.appsNotified },
    });
  });
}

/** Signs the player out of every live session but this browser's; answers how many ended. */
export async function signOutElsewhere(deps: EndingDeps, auth: AuthContext, meta: RequestMeta): Promise<number> {
  const userId = auth.user.id;
  const others = (await listOwnSessions(deps.db, userId, deps.clock.now())).filter((s) => s.sid !== auth.session.sid);
  if (others.length === 0) return 0;
  const sids = others.map((s) => s.sid);
  return inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'sessions', userId, sids, liveAt: deps.clock.now() }]);
    if (ended.sessions.length === 0) return 0;
    await audit(tx, meta, {
      event: AuditEvent.OtherSessionsSignedOut,
      userId,
      appKey: PORTAL_APP_KEY,
      at: deps.clock.now(),
      details: { sessions_ended: ended.sessions.length, sids: ended.sessions.map((s) => s.sid), apps_notified: ended.appsNotified },
    });
    return ended.sessions.length;
  });
}
