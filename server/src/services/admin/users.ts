import { AuditEvent, type AccessStatus, type AdminUser, type AuditRow, type SessionRow, type UserAccessRow } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { findAccessStatus } from '../../queries/access.ts';
import { findAppByKey, setAccess } from '../../queries/admin-access.ts';
import {
  endLiveSessions,
  endSessionBySid,
  findAdminUser,
  insertUserByUid,
  listAudit,
  listLiveSessions,
  listUserAccess,
  searchUsers,
  userExists,
  type AdminUserRow,
} from '../../queries/admin-users.ts';
import { endOidcGrants } from '../../queries/oidc-payloads.ts';
import { auditAdmin, type Actor } from '../audit.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toAdminUser = (u: AdminUserRow): AdminUser => ({ ...u, created_at: u.created_at.toISOString(), last_login_at: iso(u.last_login_at) });

async function mustExist(deps: Pick<Deps, 'db'>, userId: string) {
  if (!(await userExists(deps.db, userId))) throw new NotFound('No user with this id.');
}

export async function findUsers(deps: Pick<Deps, 'db'>, q: string | undefined, limit: number, offset: number) {
  const { rows, total } = await searchUsers(deps.db, q || undefined, limit, offset);
  return { users: rows.map(toAdminUser), total };
}

export async function findUser(deps: Pick<Deps, 'db'>, userId: string): Promise<AdminUser> {
  const row = await findAdminUser(deps.db, userId);
  if (!row) throw new NotFound('No user with this id.');
  return toAdminUser(row);
}

/** Adds a player by UID before their first sign-in, so access can be granted ahead of it. */
export async function addUser(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, uid: string): Promise<AdminUser> {
  return inTransaction(deps.db, async (tx) => {
    const row = await insertUserByUid(tx, uid);
    if (!row) throw new Conflict(`A user with the UID ${uid} already exists.`);
    await auditAdmin(deps, tx, actor, AuditEvent.UserAdded, { userId: row.id, details: { uid } });
    return toAdminUser(row);
  });
}

export async function userAccess(deps: Pick<Deps, 'db'>, userId: string): Promise<UserAccessRow[]> {
  await mustExist(deps, userId);
  return listUserAccess(deps.db, userId);
}

/** Without a limit: every live session, as the screens read them before they paged. */
export async function userSessions(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: SessionRow[]; total: number }> {
  await mustExist(deps, userId);
  const { rows, total } = await listLiveSessions(deps.db, userId, deps.clock.now(), limit ?? null, offset);
  return { rows: rows.map((s) => ({ ...s, expires_at: s.expires_at.toISOString() })), total };
}

/** Without a limit: the latest 200 entries, as the screens read them before they paged. */
export async function userAudit(
  deps: Pick<Deps, 'db'>,
  userId: string,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  await mustExist(deps, userId);
  const { rows, total } = await listAudit(deps.db, userId, limit ?? 200, offset);
  return {
    rows: rows.map((a) => ({ ...a, created_at: a.created_at.toISOString(), expires_at: iso(a.expires_at) })),
    total,
  };
}

async function resolveApp(deps: Pick<Deps, 'db'>, userId: string, appKey: string) {
  await mustExist(deps, userId);
  const app = await findAppByKey(deps.db, appKey);
  if (!app) throw new NotFound(`No app with the key "${appKey}".`);
  return app;
}

export async function accessStatus(deps: Pick<Deps, 'db'>, userId: string, appKey: string): Promise<AccessStatus> {
  const app = await resolveApp(deps, userId, appKey);
  return { status: (await findAccessStatus(deps.db, userId, app.id)) ?? '' };
}

const ACCESS_EVENTS = {
  grant: AuditEvent.AccessGranted,
  suspend: AuditEvent.AccessSuspended,
  revoke: AuditEvent.AccessRevoked,
} as const;

/** Each action records a status: a revocation too, so that it outlasts an app's UID-whitelist bypass. */
const ACCESS_STATUS = { grant: 'active', suspend: 'suspended', revoke: 'revoked' } as const;

/** Grant, Suspend and Revoke; they take effect at the next sign-in or forward-auth check. */
export async function changeAccess(
  deps: Pick<Deps, 'db' | 'clock' | 'authCache'>,
  actor: Actor,
  userId: string,
  appKey: string,
  action: 'grant' | 'suspend' | 'revoke',
): Promise<AccessStatus> {
  const app = await resolveApp(deps, userId, appKey);
  await inTransaction(deps.db, async (tx) => {
    await setAccess(tx, userId, app.id, ACCESS_STATUS[action]);
    // A suspension or revocation ends the player's OpenID Connect grants on the app at once.
    if (action !== 'grant') await endOidcGrants(tx, app.key, userId);
    await auditAdmin(deps, tx, actor, ACCESS_EVENTS[action], { userId, appKey });
  });
  await deps.authCache.flush();
  return { status: ACCESS_STATUS[action] };
}

export async function endUserSession(
  deps: Pick<Deps, 'db' | 'clock' | 'authCache'>,
  actor: Actor,
  userId: string,
  sid: string,
): Promise<void> {
  await mustExist(deps, userId);
  await inTransaction(deps.db, async (tx) => {
    const ended = await endSessionBySid(tx, userId, sid, deps.clock.now());
    if (!ended) throw new NotFound('No live session with this SID.');
    await auditAdmin(deps, tx, actor, AuditEvent.SessionEndedByAdmin, { userId, details: { sid } });
  });
  await deps.authCache.flush();
}

/** Ends every live session of the user, each audited as ending one session is; answers how many. */
export async function endAllUserSessions(deps: Deps, actor: Actor, userId: string): Promise<number> {
  await mustExist(deps, userId);
  const sids = await inTransaction(deps.db, async (tx) => {
    const ended = await endLiveSessions(tx, userId, deps.clock.now());
    for (const sid of ended) await auditAdmin(deps, tx, actor, AuditEvent.SessionEndedByAdmin, { userId, details: { sid } });
    return ended;
  });
  if (sids.length > 0) await deps.authCache.flush();
  return sids.length;
}
