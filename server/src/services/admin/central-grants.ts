import { AuditEvent, type CentralGrants } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { userExists } from '../../queries/admin-users.ts';
import { findAppById } from '../../queries/apps.ts';
import { addCentralGrant, findCentralGrants, removeCentralGrant } from '../../queries/central-grants.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { appNames } from '../groups/app-names.ts';
import { accessChangeIn } from '../groups/access-follows.ts';
import { listApps } from './queries/apps.ts';

async function resolve(deps: Pick<Deps, 'db'>, userId: string, appId: string) {
  if (!(await userExists(deps.db, userId))) throw new NotFound('No user with this id.');
  const app = await findAppById(deps.db, appId);
  if (!app) throw new NotFound('No app with this id.');
  return app;
}

export async function centralGrantsOf(deps: Pick<Deps, 'db'>, userId: string, appId: string): Promise<CentralGrants> {
  await resolve(deps, userId, appId);
  return findCentralGrants(deps.db, userId, appId);
}

const GRANT_EVENTS = {
  scope: { grant: AuditEvent.ScopeGranted, revoke: AuditEvent.ScopeRevoked },
  role: { grant: AuditEvent.RoleGranted, revoke: AuditEvent.RoleRevoked },
} as const;

/**
 * Grants or revokes a central consent scope or central role; answers the new state. A change that
 * takes an app from the player (the role `admin` on the portal revoked: no longer a global admin)
 * ends what they hold on it through the one way access ends, and tells the app. A scope revoked
 * ends no app: the player's next token is without it.
 */
export async function changeCentralGrant(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  input: { userId: string; appId: string; value: string },
  kind: 'scope' | 'role',
  action: 'grant' | 'revoke',
): Promise<CentralGrants> {
  const app = await resolve(deps, input.userId, input.appId);
  await inTransaction(deps.db, async (tx) => {
    let changed = false;
    const change = { userIds: [input.userId], appIds: (await listApps(tx)).map((a) => a.id) };
    const { lost } = await accessChangeIn(deps, tx, change, async () => {
      changed =
        action === 'grant'
          ? await addCentralGrant(tx, input.userId, app.id, kind, input.value)
          : await removeCentralGrant(tx, input.userId, app.id, kind, input.value);
    });
    if (!changed) return;
    const ended = lost.get(input.userId) ?? [];
    await auditAdmin(deps, tx, actor, GRANT_EVENTS[kind][action], {
      userId: input.userId,
      appKey: app.key,
      details: { value: input.value, ...(ended.length ? { apps_ended: await appNames(tx, ended) } : {}) },
    });
  });
  return findCentralGrants(deps.db, input.userId, app.id);
}
