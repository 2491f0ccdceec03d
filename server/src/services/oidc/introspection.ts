import type { Deps } from '../../deps.ts';
import { endAccess } from '../access-end/end-access.ts';
import { findTokenRecord } from './token-records.ts';

/** RFC 7662: what a client may learn of one of its own tokens; anything else is `{ active: false }`. */
export async function introspectToken(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>,
  clientId: string,
  token: string,
): Promise<Record<string, unknown>> {
  const record = await findTokenRecord(deps, token, ['AccessToken', 'ClientCredentials', 'RefreshToken']);
  if (!record || record.payload.clientId !== clientId) return { active: false };
  const p = record.payload;
  return {
    active: true,
    token_type: record.model === 'RefreshToken' ? 'refresh_token' : 'Bearer',
    client_id: p.clientId,
    // A machine client's token names the client itself (RFC 9068 §2.2).
    sub: record.model === 'ClientCredentials' ? p.clientId : p.accountId,
    scope: p.scope,
    iat: p.iat,
    exp: p.exp,
    iss: deps.config.publicUrl,
    ...(p.aud ? { aud: p.aud } : {}),
    ...(record.model === 'RefreshToken' ? {} : { jti: record.id }),
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
  const record = await findTokenRecord(deps, token, ['AccessToken', 'ClientCredentials', 'RefreshToken']);
  if (!record || record.payload.clientId !== clientId) return;
  const grantId = typeof record.payload.grantId === 'string' ? record.payload.grantId : null;
  const ending =
    record.model === 'RefreshToken' && grantId
      ? ({ kind: 'grant', grantId } as const)
      : ({ kind: 'token', model: record.model, id: record.id } as const);
  await endAccess(deps, ending);
}
