import type { Deps } from '../../deps.ts';
import { findOidcPayloadOfModels } from '../../queries/oidc-payloads.ts';
import { verifyPortalAccessToken } from '../tokens/portal-jwt.ts';
import { isStorableId } from './ids.ts';

/** The tokens an app holds: a player's access token, a machine client's, a refresh token. */
export type TokenModel = 'AccessToken' | 'ClientCredentials' | 'RefreshToken';

export interface TokenRecord {
  model: TokenModel;
  /** The record's id: an access token's jti, a refresh token's value. */
  id: string;
  payload: Record<string, unknown>;
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const ACCESS_MODELS = new Set<TokenModel>(['AccessToken', 'ClientCredentials']);

/**
 * The one way the portal finds a token it issued, for every endpoint that is handed one (userinfo,
 * introspection, revocation). Access tokens are JWTs (RFC 9068) kept under their jti: the signature
 * is checked here, once, and the record must still be there (not revoked, not ended). A refresh
 * token is looked up by its value and must be unused. `models` says which kinds the caller takes.
 */
export async function findTokenRecord(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config'>,
  token: string,
  models: readonly TokenModel[],
): Promise<TokenRecord | null> {
  const now = deps.clock.now();
  if (JWT_SHAPE.test(token)) {
    const wanted = models.filter((m) => ACCESS_MODELS.has(m));
    if (wanted.length === 0) return null;
    const verified = await verifyPortalAccessToken(deps, token, { requiredClaims: ['jti'] });
    const jti = 'payload' in verified ? verified.payload.jti : undefined;
    if (typeof jti !== 'string' || !isStorableId(jti)) return null;
    const found = await findOidcPayloadOfModels(deps.db, wanted, jti, now);
    return found ? { model: found.model as TokenModel, id: jti, payload: found.payload } : null;
  }
  if (!models.includes('RefreshToken') || !isStorableId(token)) return null;
  const found = await findOidcPayloadOfModels(deps.db, ['RefreshToken'], token, now);
  return found && !found.consumed ? { model: 'RefreshToken', id: token, payload: found.payload } : null;
}
