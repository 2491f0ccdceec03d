import {
  AuditEvent,
  PORTAL_APP_KEY,
  type AccessStatus,
  type AdminUser,
  type AuditRow,
  type SessionRow,
  type UserAccessRow,
} from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { deviceFieldsOf, deviceOf } from '../../domain/user-agent.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { findAppByKey, setAccess } from './queries/access.ts';
import {
  findAdminUser,
  insertUserByUid,
  listAudit,
  listLiveSessions,
  searchUsers,
  userExists,
  type AdminUserRow,
} from '../../queries/admin-users.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { queueMemberUpdatesOnCommit } from '../discord/member-jobs.ts';
import { decisionsOnEveryApp } from '../decisions/decide.ts';
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

/** Every app with the player's recorded status and what the one access rule decides, and why. */
export async function userAccess(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string): Promise<UserAccessRow[]> {
  await mustExist(deps, userId);
  const rows = await decisionsOnEveryApp(deps, userId);
  return rows.map(({ app, status, decision }) => ({ app_name: app.name, app_key: app.key, status, decision }));
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
  return {
    rows: rows.map((s) => {
      const device = deviceOf(s.user_agent);
      return { ...s, device: device.name, device_kind: device.kind, expires_at: s.expires_at.toISOString() };
    }),
    total,
  };
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
    rows: rows.map((a) => ({
      ...a,
      ...deviceFieldsOf(a.user_agent),
      created_at: a.created_at.toISOString(),
      expires_at: iso(a.expires_at),
    })),
    total,
  };
}

async function resolveApp(deps: Pick<Deps, 'db'>, userId: string, appKey: string) {
  await mustExist(deps, userId);
  const app = await findAppByKey(deps.db, appKey);
  if (!app) throw new NotFound(`No app with the key "${appKey}".`);
  return app;
}

/** The status an admin recorded for the player on the app, and the decision of the one access rule with its source. */
export async function accessStatus(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string, appKey: string): Promise<AccessStatus> {
  const app = await resolveApp(deps, userId, appKey);
  if (app.key === PORTAL_APP_KEY)
    return { status: '', decision: { allowed: true, source: 'portal', reason: 'Every player may open the portal.' } };
  const found = (await decisionsOnEveryApp(deps, userId)).find((row) => row.app.id === app.id);
  if (!found) throw new NotFound(`No app with the key "${appKey}".`);
  return { status: found.status, decision: found.decision };
}

const ACCESS_EVENTS = {
  grant: AuditEvent.AccessGranted,
  suspend: AuditEvent.AccessSuspended,
  revoke: AuditEvent.AccessRevoked,
} as const;

/** Each action records a status: a revocation too, so that it outlasts an app's UID-whitelist bypass. */
const ACCESS_STATUS = { grant: 'active', suspend: 'suspended', revoke: 'revoked' } as const;

/**
 * Grant, Suspend and Revoke. A grant admits the player at the next request; a suspension or
 * revocation ends what the player holds on the app, through the one way access ends.
 */
export async function changeAccess(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  userId: string,
  appKey: string,
  action: 'grant' | 'suspend' | 'revoke',
): Promise<AccessStatus> {
  const app = await resolveApp(deps, userId, appKey);
  await inTransaction(deps.db, async (tx) => {
    if (action === 'grant') {
      tx.afterCommit(() => deps.accessChanged.publish());
      // A grant lifts a suspension or revocation: on the portal app, the player's Discord roles come back.
      queueMemberUpdatesOnCommit(deps, tx, [userId]);
    } else {
      await endAccessIn(deps, tx, [{ kind: 'player-apps', userId, appIds: [app.id] }]);
    }
    await setAccess(tx, userId, app.id, ACCESS_STATUS[action]);
    await auditAdmin(deps, tx, actor, ACCESS_EVENTS[action], { userId, appKey });
  });
  return accessStatus(deps, userId, appKey);
}

/** An admin's "End session": the session ends as a sign-out would end it, without the player's browser. */
export async function endUserSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  userId: string,
  sid: string,
): Promise<void> {
  await mustExist(deps, userId);
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'sessions', userId, sids: [sid] }]);
    if (ended.sessions.length === 0) throw new NotFound('No live session with this SID.');
    await auditAdmin(deps, tx, actor, AuditEvent.SessionEndedByAdmin, { userId, details: { sid, apps_notified: ended.appsNotified } });
  });
}

/** Ends every live session of the user, each audited as ending one session is; answers how many. */
export async function endAllUserSessions(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  userId: string,
): Promise<number> {
  await mustExist(deps, userId);
  return inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'sessions', userId, liveAt: deps.clock.now() }]);
    for (const { sid } of ended.sessions) await auditAdmin(deps, tx, actor, AuditEvent.SessionEndedByAdmin, { userId, details: { sid } });
    return ended.sessions.length;
  });
}
