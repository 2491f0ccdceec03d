import { PORTAL_APP_KEY } from '@portal/contract';
import { compactVerify } from 'jose';
import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { findOidcClientApp, type OidcClientApp } from './queries/clients.ts';
import type { AuthContext } from '../sessions/session.ts';
import { portalJwks } from '../tokens/portal-jwt.ts';

export interface EndSessionParams {
  id_token_hint?: string;
  post_logout_redirect_uri?: string;
  state?: string;
  client_id?: string;
}

export interface EndSessionPlan {
  /** Where the browser goes once signed out (the app's address with its state), or null for the portal's sign-in page. */
  returnTo: string | null;
  app: OidcClientApp | null;
  /** The hint names this very session: the app itself asks, so the portal need not ask again. */
  confirmed: boolean;
}

interface HintClaims {
  iss?: string;
  aud?: string | string[];
  sub?: string;
  sid?: string;
}

/**
 * An id_token_hint must be one this portal signed; an expired one still names the app and the
 * player (OpenID RP-Initiated Logout asks for that), so only its signature and issuer count.
 */
async function readHint(deps: Pick<Deps, 'keys' | 'config'>, hint: string): Promise<HintClaims> {
  const foreign = () => new Refused('invalid', 'The id_token_hint was not issued by this portal, so the sign-out cannot go on.');
  try {
    const { payload } = await compactVerify(hint, await portalJwks(deps));
    const claims = JSON.parse(new TextDecoder().decode(payload)) as HintClaims;
    if (claims.iss !== deps.config.publicUrl) throw foreign();
    return claims;
  } catch {
    throw foreign();
  }
}

/** Checks an RP-initiated logout request; a request that cannot be honoured is refused and never redirected. */
export async function planEndSession(
  deps: Pick<Deps, 'db' | 'keys' | 'config'>,
  params: EndSessionParams,
  auth: AuthContext | null,
): Promise<EndSessionPlan> {
  const hint = params.id_token_hint ? await readHint(deps, params.id_token_hint) : null;
  const hintClient = hint ? (Array.isArray(hint.aud) ? hint.aud[0] : hint.aud) : undefined;
  if (params.client_id && hintClient && params.client_id !== hintClient) {
    throw new Refused('invalid', 'The client_id is not the app the id_token_hint was issued to.');
  }
  const clientId = params.client_id ?? hintClient;
  const app = clientId && clientId !== PORTAL_APP_KEY ? await findOidcClientApp(deps.db, clientId) : null;
  if (clientId && !app) throw new Refused('invalid', `No app is registered with the client_id "${clientId}".`);

  let returnTo: string | null = null;
  if (params.post_logout_redirect_uri) {
    if (!app) throw new Refused('invalid', 'A post_logout_redirect_uri needs the app: send its client_id or an id_token_hint.');
    const allowed = [...app.redirect_urls, ...(app.url ? [app.url] : [])];
    if (!allowed.includes(params.post_logout_redirect_uri)) {
      throw new Refused('invalid', `The post_logout_redirect_uri is not one of the addresses registered for ${app.name}.`);
    }
    const url = new URL(params.post_logout_redirect_uri);
    if (params.state) url.searchParams.set('state', params.state);
    returnTo = url.href;
  }
  const confirmed = Boolean(auth && hint && hint.sub === auth.user.uid && hint.sid === auth.session.sid);
  return { returnTo, app, confirmed };
}
