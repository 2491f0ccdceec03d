import type { Deps } from '../../deps.ts';
import { isSessionLive, newSessionExpiry, shouldTouch } from '../../domain/session-expiry.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { findSessionByTokenHash, insertSession, touchSession, type SessionRow } from '../../queries/sessions.ts';
import { findUserById } from '../../queries/users.ts';
import type { DbClient } from '../../db/pool.ts';
import type { RequestMeta } from '../audit.ts';
import { findPortalRoles, identityOf, type Identity } from './identity.ts';

export interface AuthContext extends Identity {
  session: SessionRow;
}

/** A new session: the browser gets `token`, the database only its hash and a separate public SID. */
export async function createSession(
  db: DbClient,
  deps: Pick<Deps, 'config' | 'clock'>,
  input: { userId: string; appId: string; meta: RequestMeta },
): Promise<{ token: string; session: SessionRow }> {
  const now = deps.clock.now();
  const token = randomToken();
  const { idleExpiresAt, expiresAt } = newSessionExpiry(now, deps.config.session);
  const session = await insertSession(db, {
    sid: randomToken(12),
    tokenHash: sha256(token),
    userId: input.userId,
    appId: input.appId,
    ip: input.meta.ip,
    userAgent: input.meta.userAgent,
    now,
    idleExpiresAt,
    expiresAt,
  });
  return { token, session };
}

export async function resolveSession(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string | undefined): Promise<AuthContext | null> {
  if (!token) return null;
  const now = deps.clock.now();
  const session = await findSessionByTokenHash(deps.db, sha256(token));
  if (!session || !isSessionLive(session, now)) return null;
  // All depend on the session only, so they are sent at once.
  const [user, portalRoles] = await Promise.all([
    findUserById(deps.db, session.user_id),
    findPortalRoles(deps.db, session.user_id),
    shouldTouch(session.last_seen_at, now)
      ? touchSession(deps.db, session.id, now, newSessionExpiry(now, deps.config.session).idleExpiresAt)
      : undefined,
  ]);
  if (!user) return null;
  return { session, ...identityOf(user, portalRoles, deps.config.adminUids) };
}
