import { AuditEvent, type ConnectedApp, type ConnectedApps } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { scopeInWords } from '../../domain/account-words.ts';
import { NotFound } from '../../lib/errors.ts';
import { lastTokenExchanges, listOwnGrants, type OwnGrantRow } from './queries/account.ts';
import { listAppsWithAccess } from '../../queries/apps.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { audit, type RequestMeta } from '../audit.ts';
import { decideFor } from '../../domain/access.ts';
import type { AuthContext } from '../sessions/session.ts';

/** The scopes a grant gives, standard ones first in the order the library stores them, each once. */
function grantedScopes(payload: OwnGrantRow['payload']): string[] {
  const words = [payload.openid?.scope ?? '', ...Object.values(payload.resources ?? {})].join(' ');
  return [...new Set(words.split(' ').filter(Boolean))];
}

const toConnectedApp = (row: OwnGrantRow): ConnectedApp => ({
  key: row.key,
  name: row.name,
  icon: row.icon,
  scopes: grantedScopes(row.payload).map((scope) => ({ scope, words: scopeInWords(scope) })),
  since: new Date((row.payload.iat ?? 0) * 1000).toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  offline: row.offline,
});

/**
 * The apps that hold something for the player: every OpenID Connect app with a grant (its scopes,
 * since when, when last used, whether it can act while the player is away), and the apps that may
 * trade their token for the player's SWCombine token (those allowed delegated tokens that admit them).
 */
export async function connectedApps(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<ConnectedApps> {
  const [oidcGrants, apps, exchanges] = await Promise.all([
    listOwnGrants(deps.db, auth.user.uid, deps.clock.now()),
    listAppsWithAccess(deps.db, auth.user.id),
    lastTokenExchanges(deps.db, auth.user.id),
  ]);
  const delegating = apps.filter((app) => app.allow_delegated_swc_token && decideFor(app, app, auth.isAdmin, deps.clock.now()).allowed);
  return {
    oidc: oidcGrants.map(toConnectedApp),
    token_exchange: {
      automation_token_enabled: auth.user.automation_token_enabled,
      apps: delegating.map((app) => ({
        key: app.key,
        name: app.name,
        icon: app.icon,
        last_used_at: exchanges.get(app.key)?.toISOString() ?? null,
      })),
    },
  };
}

/** The apps holding a grant for a player, by UID, each with its app id: what an admin sees on the player's page. */
export async function grantsHeldFor(deps: Pick<Deps, 'db' | 'clock'>, uid: string): Promise<{ appId: string; app: ConnectedApp }[]> {
  const oidcGrants = await listOwnGrants(deps.db, uid, deps.clock.now());
  return oidcGrants.map((row) => ({ appId: row.app_id, app: toConnectedApp(row) }));
}

/**
 * Disconnect: everything the player holds on the app ends (its grant, codes, refresh and access
 * tokens, the records of the sessions that used it) through the one way access ends, and the app is
 * told by back-channel logout. The player may still open it: it asks them to sign in again.
 */
export async function disconnectApp(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  auth: AuthContext,
  appKey: string,
  meta: RequestMeta,
): Promise<void> {
  const oidcGrant = (await listOwnGrants(deps.db, auth.user.uid, deps.clock.now())).find((g) => g.key === appKey);
  if (!oidcGrant) throw new NotFound(`No app with the key "${appKey}" is connected to your account.`);
  const userId = auth.user.id;
  await inTransaction(deps.db, async (tx) => {
    const ended = await endAccessIn(deps, tx, [{ kind: 'player-apps', userId, appIds: [oidcGrant.app_id] }]);
    await audit(tx, meta, {
      event: AuditEvent.AppDisconnected,
      userId,
      appKey,
      at: deps.clock.now(),
      details: { apps_notified: ended.appsNotified, records_ended: ended.oidcRecords },
    });
  });
}
