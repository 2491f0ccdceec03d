import type { Deps } from '../../deps.ts';
import { decideFor, rolesForApp, unionOf, type AccessDecision } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { findOidcClientApp, findOidcPlayer, type OidcClientApp, type OidcPlayerRow } from './queries/clients.ts';
import { sendableRoles, sendableScopes } from '../app-access/grant-values.ts';

/** A player as one app sees them through OpenID Connect, decided by the one access rule. */
export interface OidcPlayer {
  row: OidcPlayerRow;
  decision: AccessDecision;
  roles: string[];
  /** Scopes an admin granted the player on this app (Central Consents). */
  scopes: string[];
}

export async function loadOidcPlayer(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  uid: string,
  app: OidcClientApp,
): Promise<OidcPlayer | null> {
  const row = await findOidcPlayer(deps.db, uid, app.id);
  return row ? oidcPlayerOf(deps, row, app) : null;
}

/** The player `row` (read alone or beside another record) as the app sees them now. */
export function oidcPlayerOf(deps: Pick<Deps, 'config' | 'clock'>, row: OidcPlayerRow, app: OidcClientApp): OidcPlayer {
  const isAdmin = isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids);
  const decision = decideFor(app, row, isAdmin, deps.clock.now());
  const fromRules = decision.allowed ? decision : { roles: [], scopes: [] };
  return {
    row,
    decision,
    roles: rolesForApp(sendableRoles(unionOf(row.app_roles, fromRules.roles)), isAdmin, app.allow_global_admin),
    scopes: sendableScopes(unionOf(row.app_scopes, fromRules.scopes)),
  };
}

/** The player a token names, as its app sees them now; or why the token no longer stands for anyone. */
export type PlayerBehindToken = { ok: true; app: OidcClientApp; player: OidcPlayer } | { ok: false; description: string };

/**
 * The one answer to "whom does this player's token stand for now", for userinfo and introspection
 * alike: the app and the player must still exist, and the one access rule must still admit the player.
 */
export async function playerBehindToken(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  token: { clientId: string; accountId: string },
): Promise<PlayerBehindToken> {
  const app = await findOidcClientApp(deps.db, token.clientId);
  const player = app ? await loadOidcPlayer(deps, token.accountId, app) : null;
  if (!app || !player) return { ok: false, description: 'The access token is for an app or a player that no longer exists.' };
  if (!player.decision.allowed) return { ok: false, description: player.decision.reason };
  return { ok: true, app, player };
}

/** Every claim the player has for the app; the scopes of a token decide which of them it releases. */
export function playerClaims(player: OidcPlayer): Record<string, unknown> {
  const { row } = player;
  return {
    sub: row.uid,
    name: row.name,
    preferred_username: row.name,
    ...(row.image ? { picture: row.image } : {}),
    ...(row.faction ? { faction: row.faction } : {}),
    ...(row.race ? { race: row.race } : {}),
    ...(row.email ? { email: row.email, email_verified: false } : {}),
    roles: player.roles,
    groups: row.groups,
  };
}
