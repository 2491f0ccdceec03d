import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { decideFor, describeDecision, type AccessDecision } from '../../domain/access.ts';
import { listAppsWithAccess } from '../../queries/apps.ts';
import { findRoles } from '../../queries/central-grants.ts';
import { findUserById } from '../../queries/users.ts';
import { PORTAL_APP_KEY, type AccessDecisionView } from '@portal/contract';
import { findAccessFactsOn, type AccessFactsRow } from '../../queries/access-facts.ts';

/**
 * A player's access to one app, read through `db` (the pool, or a transaction that sees its own
 * changes) and decided by the one access rule.
 */
export async function decideOn(
  deps: Pick<Deps, 'clock'>,
  db: DbClient,
  player: { userId: string; isAdmin: boolean },
  app: { id: string; key: string; skip_uid_whitelist: boolean; allow_global_admin: boolean },
): Promise<{ decision: AccessDecision; facts: AccessFactsRow }> {
  const facts = await findAccessFactsOn(db, player.userId, app.id);
  return { decision: decideFor(app, facts, player.isAdmin, deps.clock.now()), facts };
}

/** Whether the player is a global admin (ADMIN_UIDS, or the central role `admin` on the portal). */
export async function isPlayerAdmin(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<boolean> {
  const [user, roles] = await Promise.all([findUserById(deps.db, userId), findRoles(deps.db, userId, PORTAL_APP_KEY)]);
  return user ? isGlobalAdmin(user.uid, roles, deps.config.adminUids) : false;
}

/** Every app but the portal, with the player's recorded status and the one access rule's decision, in words. */
export async function decisionsOnEveryApp(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: string,
): Promise<{ app: { id: string; key: string; name: string }; status: AccessDecisionStatus; decision: AccessDecisionView }[]> {
  const [apps, isAdmin] = await Promise.all([listAppsWithAccess(deps.db, userId), isPlayerAdmin(deps, userId)]);
  const now = deps.clock.now();
  return apps.map((app) => ({
    app,
    status: app.access_status ?? '',
    decision: describeDecision(decideFor(app, app, isAdmin, now), app.rule_matches, now),
  }));
}

export type AccessDecisionStatus = 'active' | 'suspended' | 'revoked' | '';
