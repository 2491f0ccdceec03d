import { AuditEvent, type ConnectedApp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { findAdminUser } from '../../queries/admin-users.ts';
import { grantsHeldFor } from '../account/connected-apps.ts';
import { inTransaction } from '../../db/pool.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { auditAdmin, type Actor } from '../audit.ts';

type EndDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>;

async function grantsOf(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const user = await findAdminUser(deps.db, userId);
  if (!user) throw new NotFound('No user with this id.');
  return grantsHeldFor(deps, user.uid);
}

/** The apps holding a grant for the player, as their own account page lists them. */
export async function userConnectedApps(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<ConnectedApp[]> {
  return (await grantsOf(deps, userId)).map((g) => g.app);
}

/**
 * An admin's Disconnect: the player's grant on the app ends (codes, refresh and access tokens, an
 * offline_access token a bot holds) through the one way access ends, and the app is told. Access
 * itself is unchanged: the player may sign in to the app again.
 */
export async function disconnectUserApp(deps: EndDeps, actor: Actor, userId: string, appKey: string): Promise<void> {
  const held = (await grantsOf(deps, userId)).find((g) => g.app.key === appKey);
  if (!held) throw new NotFound(`No app with the key "${appKey}" is connected to this user.`);
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'player-apps', userId, appIds: [held.appId] }]);
    await auditAdmin(deps, tx, actor, AuditEvent.AppDisconnected, {
      userId,
      appKey,
      details: { apps_notified: ended.appsNotified, records_ended: ended.oidcRecords },
    });
  });
}

/** Every app connected to the player disconnected at once (End all sessions, asked to): how many. */
export async function disconnectAllUserApps(deps: EndDeps, actor: Actor, userId: string): Promise<number> {
  const held = await grantsOf(deps, userId);
  const apps = new Map(held.map((g) => [g.appId, g.app.key]));
  if (apps.size === 0) return 0;
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'player-apps', userId, appIds: [...apps.keys()] }]);
    for (const appKey of apps.values()) {
      await auditAdmin(deps, tx, actor, AuditEvent.AppDisconnected, {
        userId,
        appKey,
        details: { apps_notified: ended.appsNotified.filter((key) => key === appKey) },
      });
    }
  });
  return apps.size;
}
