import { PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { isSessionLive, newSessionExpiry, shouldTouch } from '../../domain/session-expiry.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import {
  findSessionWithUser,
  insertSession,
  touchSession,
  type SessionProof,
  type SessionRow,
  type SessionWithUser,
} from '../../queries/sessions.ts';
import type { DbClient } from '../../db/pool.ts';
import type { RequestMeta } from '../audit.ts';
import { identityOf, type Identity } from './identity.ts';

export interface AuthContext extends Identity {
  session: SessionRow;
}

/** A new session: the browser gets `token`, the database only its hash and a separate public SID. */
export async function createSession(
  db: DbClient,
  deps: Pick<Deps, 'config' | 'clock'>,
  input: { userId: string; appId: string; meta: RequestMeta; proof: SessionProof },
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
    proof: input.proof,
  });
  return { token, session };
}

export async function resolveSession(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string | undefined): Promise<AuthContext | null> {
  if (!token) return null;
  return authOf(deps, await findSessionWithUser(deps.db, sha256(token), PORTAL_APP_KEY));
}

/**
 * The signed-in context of a session read by its token (however it was read): null unless the session is
 * live and its user exists. Extends the session's idle expiry when due.
 */
export async function authOf(deps: Pick<Deps, 'db' | 'clock' | 'config'>, found: SessionWithUser | null): Promise<AuthContext | null> {
  const now = deps.clock.now();
  if (!found || !isSessionLive(found.session, now) || !found.user) return null;
  const { session, user, portalRoles } = found;
  if (shouldTouch(session.last_seen_at, now)) {
    await touchSession(deps.db, session.id, now, newSessionExpiry(now, deps.config.session).idleExpiresAt);
  }
  return { session, ...identityOf(user, portalRoles, deps.config.adminUids) };
}
