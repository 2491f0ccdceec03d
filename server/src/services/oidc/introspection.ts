import type { Deps } from '../../deps.ts';
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
