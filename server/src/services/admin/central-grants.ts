import { AuditEvent, type ConsentData } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { userExists } from '../../queries/admin-users.ts';
import { findAppById } from '../../queries/apps.ts';
import { addCentralGrant, findCentralGrants, removeCentralGrant } from '../../queries/central-grants.ts';
import { auditAdmin, type Actor } from '../audit.ts';

async function resolve(deps: Pick<Deps, 'db'>, userId: string, appId: string) {
  if (!(await userExists(deps.db, userId))) throw new NotFound('No user with this id.');
  const app = await findAppById(deps.db, appId);
  if (!app) throw new NotFound('No app with this id.');
  return app;
}

export async function centralGrantsOf(deps: Pick<Deps, 'db'>, userId: string, appId: string): Promise<ConsentData> {
  await resolve(deps, userId, appId);
  return findCentralGrants(deps.db, userId, appId);
}

const GRANT_EVENTS = {
  scope: { grant: AuditEvent.ScopeGranted, revoke: AuditEvent.ScopeRevoked },
  role: { grant: AuditEvent.RoleGranted, revoke: AuditEvent.RoleRevoked },
} as const;

/** Grants or revokes a central consent scope or central role; answers the new state. */
export async function changeCentralGrant(
  deps: Pick<Deps, 'db' | 'clock' | 'authCache'>,
  actor: Actor,
  input: { userId: string; appId: string; value: string },
  kind: 'scope' | 'role',
  action: 'grant' | 'revoke',
): Promise<ConsentData> {
  const app = await resolve(deps, input.userId, input.appId);
  const result = await inTransaction(deps.db, async (tx) => {
    const changed =
      action === 'grant'
        ? await addCentralGrant(tx, input.userId, app.id, kind, input.value)
        : await removeCentralGrant(tx, input.userId, app.id, kind, input.value);
    if (changed) {
      await auditAdmin(deps, tx, actor, GRANT_EVENTS[kind][action], {
        userId: input.userId,
        appKey: app.key,
        details: { value: input.value },
      });
    }
    return findCentralGrants(tx, input.userId, app.id);
  });
  await deps.authCache.flush();
  return result;
}
