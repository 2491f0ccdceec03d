import type { Deps } from '../../deps.ts';
import { grantedScopes } from '../../domain/oidc-client.ts';
import { playerBehindToken } from './player.ts';
import { findTokenRecord } from './token-records.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * RFC 7662: what a client may learn of one of its own tokens; anything else is `{ active: false }`.
 * A player's token is answered from the same decision as userinfo: active only while the one access
 * rule admits the player, with the scope narrowed to what it gives now (as the next refresh would be).
 */
export async function introspectToken(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>,
  clientId: string,
  token: string,
): Promise<Record<string, unknown>> {
  const record = await findTokenRecord(deps, token, ['AccessToken', 'ClientCredentials', 'RefreshToken']);
  if (!record || record.payload.clientId !== clientId) return { active: false };
  const p = record.payload;
  let scope = p.scope;
  // A machine client's token names the client itself (RFC 9068 §2.2), no player.
  if (record.model !== 'ClientCredentials') {
    const behind = await playerBehindToken(deps, { clientId, accountId: text(p.accountId) });
    if (!behind.ok) return { active: false };
    scope = grantedScopes(text(p.scope).split(' ').filter(Boolean), behind.player.scopes).granted.join(' ');
  }
  return {
    active: true,
    token_type: record.model === 'RefreshToken' ? 'refresh_token' : 'Bearer',
    client_id: p.clientId,
    sub: record.model === 'ClientCredentials' ? p.clientId : p.accountId,
    scope,
    iat: p.iat,
    exp: p.exp,
    iss: deps.config.publicUrl,
    ...(p.aud ? { aud: p.aud } : {}),
    ...(record.model === 'RefreshToken' ? {} : { jti: record.id }),
  };
}
