import * as oauth from 'oauth4webapi';
import { SwcAuthError, SwcUpstreamError, type SwcCharacter, type SwcClient, type SwcTokens } from './client.ts';
import { fetchCharacter } from './web-services.ts';

export interface SwcClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
}

const DEFAULT_EXPIRES_IN = 3600;

/**
 * SWCombine's token answers carry no `token_type` (the bearer kind is implied); oauth4webapi
 * requires one, so the token endpoint's JSON is completed before oauth4webapi reads it.
 */
function tolerantTokenFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (!res.ok || !res.headers.get('content-type')?.includes('json')) return res;
    const body = (await res.json()) as Record<string, unknown>;
    if (body.access_token !== undefined && body.token_type === undefined) body.token_type = 'bearer';
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  };
}

export function createSwcClient(opts: SwcClientOptions): SwcClient {
  const baseFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const as: oauth.AuthorizationServer = {
    issuer: opts.baseUrl,
    authorization_endpoint: `${opts.baseUrl}/ws/oauth2/auth/`,
    token_endpoint: `${opts.baseUrl}/ws/oauth2/token/`,
  };
  const client: oauth.Client = { client_id: opts.clientId };
  const clientAuth = oauth.ClientSecretPost(opts.clientSecret);
  const requestOptions = {
    [oauth.customFetch]: tolerantTokenFetch(baseFetch),
    [oauth.allowInsecureRequests]: opts.baseUrl.startsWith('http://'),
  };

  function toTokens(res: oauth.TokenEndpointResponse, previousRefresh: string | null): SwcTokens {
    const expiresIn = typeof res.expires_in === 'number' && res.expires_in > 0 ? res.expires_in : DEFAULT_EXPIRES_IN;
    return {
      accessToken: res.access_token,
      refreshToken: res.refresh_token ?? previousRefresh,
      expiresAt: new Date(now() + expiresIn * 1000),
      scopes: (res.scope ?? '').split(/\s+/).filter(Boolean),
    };
  }

  async function tokenCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof oauth.ResponseBodyError) throw new SwcAuthError(err.error, err.error_description ?? err.error);
      throw new SwcUpstreamError(`SWCombine token endpoint failed: ${(err as Error).message}`);
    }
  }

  return {
    authorizeUrl({ state, redirectUri, scopes, accessType }) {
      const url = new URL(as.authorization_endpoint!);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', opts.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', scopes.map((s) => s.toLowerCase()).join(' '));
      url.searchParams.set('access_type', accessType);
      return url.toString();
    },

    async exchangeCallback(callbackUrl, expectedState, redirectUri) {
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, callbackUrl, expectedState);
      } catch (err) {
        if (err instanceof oauth.AuthorizationResponseError) {
          throw new SwcAuthError(err.error, err.error_description ?? err.error);
        }
        throw new SwcAuthError('invalid_request', (err as Error).message);
      }
      return tokenCall(async () => {
        const res = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, oauth.nopkce, requestOptions);
        return toTokens(await oauth.processAuthorizationCodeResponse(as, client, res), null);
      });
    },

    async refresh(refreshToken) {
      return tokenCall(async () => {
        const res = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, requestOptions);
        return toTokens(await oauth.processRefreshTokenResponse(as, client, res), refreshToken);
      });
    },

    getCharacter(accessToken): Promise<SwcCharacter> {
      return fetchCharacter(opts.baseUrl, accessToken, baseFetch);
    },
  };
}
