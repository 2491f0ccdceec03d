import type { Deps } from '../../deps.ts';
import { findOidcPayload } from '../../queries/oidc-payloads.ts';
import { endAccess } from '../access-end/end-access.ts';
import { accessTokenId } from './adapter.ts';

interface TokenRecord {
  model: 'AccessToken' | 'RefreshToken';
  id: string;
  payload: Record<string, unknown>;
}

/** An access token (a JWT this portal signed, looked up by its jti) or a refresh token still on record and unused. */
async function findTokenRecord(deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>, token: string): Promise<TokenRecord | null> {
  const jti = await accessTokenId(deps, token);
  if (jti && jti !== token) {
    const payload = await findOidcPayload(deps.db, 'AccessToken', { id: jti }, deps.clock.now());
    return payload ? { model: 'AccessToken', id: jti, payload } : null;
  }
  const payload = await findOidcPayload(deps.db, 'RefreshToken', { id: token }, deps.clock.now());
  if (!payload || payload.consumed) return null;
  return { model: 'RefreshToken', id: token, payload };
}

/** RFC 7662: what a client may learn of one of its own tokens; anything else is `{ active: false }`. */
export async function introspectToken(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>,
  clientId: string,
  token: string,
): Promise<Record<string, unknown>> {
  const record = await findTokenRecord(deps, token);
  if (!record || record.payload.clientId !== clientId) return { active: false };
  const p = record.payload;
  return {
    active: true,
    token_type: record.model === 'AccessToken' ? 'Bearer' : 'refresh_token',
    client_id: p.clientId,
    sub: p.accountId,
    scope: p.scope,
    iat: p.iat,
    exp: p.exp,
    iss: deps.config.publicUrl,
    ...(p.aud ? { aud: p.aud } : {}),
    ...(record.model === 'AccessToken' ? { jti: record.id } : {}),
  };
}

/**
 * RFC 7009. Revoking an access token ends it; revoking a refresh token ends its whole grant (the
 * access tokens issued with it too). A token of another client, or an unknown one, changes nothing.
 */
export async function revokeToken(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'authCache' | 'queue'>,
  clientId: string,
  token: string,
): Promise<void> {
  const record = await findTokenRecord(deps, token);
  if (!record || record.payload.clientId !== clientId) return;
  const grantId = typeof record.payload.grantId === 'string' ? record.payload.grantId : null;
  const ending =
    record.model === 'RefreshToken' && grantId
      ? ({ kind: 'grant', grantId } as const)
      : ({ kind: 'token', model: record.model, id: record.id } as const);
  await endAccess(deps, ending);
}
