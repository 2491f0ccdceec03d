import type { Deps } from '../../deps.ts';
import { OIDC_CLAIMS } from '../../domain/oidc-client.ts';
import { findOidcClientApp } from '../../queries/oidc-clients.ts';
import { loadOidcPlayer, playerClaims } from './player.ts';

/** The library's record of an access token: who, for which client, with which scopes. */
export interface AccessTokenRecord {
  accountId: string;
  clientId: string;
  scope?: string;
}

export type UserinfoAnswer = { ok: true; claims: Record<string, unknown> } | { ok: false; description: string };

/**
 * The UserInfo endpoint, checked live: the token must still be on record (not revoked, not ended
 * by a sign-out) and the player still admitted to the app by the one access rule.
 */
export async function answerUserinfo(deps: Pick<Deps, 'db' | 'config'>, token: AccessTokenRecord | undefined): Promise<UserinfoAnswer> {
  if (!token) return { ok: false, description: 'The access token is invalid, expired or revoked.' };
  const app = await findOidcClientApp(deps.db, token.clientId);
  const player = app ? await loadOidcPlayer(deps, token.accountId, app) : null;
  if (!app || !player) return { ok: false, description: 'The access token is for an app or a player that no longer exists.' };
  if (!player.decision.allowed) return { ok: false, description: player.decision.reason };
  const scopes = new Set((token.scope ?? '').split(' '));
  const all = playerClaims(player);
  const released = Object.entries(OIDC_CLAIMS)
    .filter(([scope]) => scopes.has(scope))
    .flatMap(([, claims]) => claims as readonly string[]);
  return { ok: true, claims: Object.fromEntries([['sub', player.row.uid], ...released.filter((c) => c in all).map((c) => [c, all[c]])]) };
}
