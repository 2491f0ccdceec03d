import { normaliseScopes } from '@portal/contract';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { SwcBudget } from './budget.ts';
import { SwcAuthError, SwcGrantGone, SwcUpstreamError, type SwcClient, type SwcTokens } from './client.ts';
import { DEFAULT_SWC_TIMEOUT_MS, isTimeout, timedFetch, timeoutError } from './timed-fetch.ts';
import { createWebServices, fetchCharacter } from './web-services.ts';

interface SwcClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The deployment's request budget: every web-service call takes from it. */
  budget: SwcBudget;
  fetch?: typeof fetch;
  clock?: Clock;
  /** How long one request may take before it fails with SwcUpstreamError (default 10 s). */
  requestTimeoutMs?: number;
}

const DEFAULT_EXPIRES_IN = 3600;

/** SWCombine refuses uppercase scope names; the screens show some uppercase. */
const scopeParam = (scopes: string[]) => normaliseScopes(scopes).join(' ');

const TokenInfo = z.object({ user_id: z.string().regex(/^1:\d+$/), scope: z.string().optional() });
const OAuthError = z.object({ error: z.string(), error_description: z.string().optional() });

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
  const timeoutMs = opts.requestTimeoutMs ?? DEFAULT_SWC_TIMEOUT_MS;
  const baseFetch = timedFetch(opts.fetch ?? fetch, timeoutMs);
  /** A failure to reach SWCombine, said plainly: a timeout as such, anything else as `what` failing. */
  const upstream = (err: unknown, what: string) =>
    err instanceof SwcUpstreamError
      ? err
      : isTimeout(err)
        ? timeoutError(timeoutMs)
        : new SwcUpstreamError(`${what}: ${(err as Error).message}`);
  const now = () => (opts.clock ? opts.clock.now().getTime() : Date.now());
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
  const callWebService = createWebServices({
    baseUrl: opts.baseUrl,
    fetch: baseFetch,
    budget: opts.budget,
    clock: opts.clock ?? { now: () => new Date() },
  });

  function toTokens(res: oauth.TokenEndpointResponse, previousRefresh: string | null): SwcTokens {
    const expiresIn = typeof res.expires_in === 'number' && res.expires_in > 0 ? res.expires_in : DEFAULT_EXPIRES_IN;
    return {
      accessToken: res.access_token,
      refreshToken: res.refresh_token ?? previousRefresh,
      expiresAt: new Date(now() + expiresIn * 1000),
      scopes: (res.scope ?? '').split(/\s+/).filter(Boolean),
    };
  }

  async function tokenCall<T>(call: () => Promise<T>, grantGoneOnInvalidGrant = false): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof oauth.ResponseBodyError && err.status < 500) {
        const message = err.error_description ?? err.error;
        if (grantGoneOnInvalidGrant && err.error === 'invalid_grant') throw new SwcGrantGone(message);
        throw new SwcAuthError(err.error, message);
      }
      throw upstream(err, 'SWCombine token endpoint failed');
    }
  }

  /** GET on an OAuth endpoint (not a web service: no request budget). */
  async function oauthGet(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${opts.baseUrl}/ws/oauth2/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await baseFetch(url, { headers: { Accept: 'application/json' } });
    } catch (err) {
      throw upstream(err, 'SWCombine is unreachable');
    }
    const body: unknown = await res.json().catch((err: unknown) => {
      if (isTimeout(err)) throw timeoutError(timeoutMs);
      return null;
    });
    if (res.ok) return body;
    const error = OAuthError.safeParse(body);
    if (res.status < 500 && error.success) throw new SwcAuthError(error.data.error, error.data.error_description ?? error.data.error);
    throw new SwcUpstreamError(`SWCombine answered HTTP ${res.status} at /ws/oauth2/${path}`);
  }

  return {
    async reachable() {
      try {
        // A short wait of its own: the dashboard's first render waits for this answer.
        await baseFetch(as.authorization_endpoint!, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(2000) });
        return true;
      } catch {
        return false;
      }
    },
    authorizeUrl({ state, redirectUri, scopes, accessType, renewPreviouslyGranted = false }) {
      const url = new URL(as.authorization_endpoint!);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', opts.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', scopeParam(scopes));
      url.searchParams.set('access_type', accessType);
      url.searchParams.set('renew_previously_granted', renewPreviouslyGranted ? 'yes' : 'no');
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

    async refresh(refreshToken, scopes) {
      const additionalParameters = scopes?.length ? { scope: scopeParam(scopes) } : undefined;
      return tokenCall(async () => {
        const res = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, {
          ...requestOptions,
          additionalParameters,
        });
        return toTokens(await oauth.processRefreshTokenResponse(as, client, res), refreshToken);
      }, true);
    },

    async revoke(refreshToken) {
      await oauthGet('revoke', { token: refreshToken, client_id: opts.clientId });
    },

    async tokenInfo(accessToken) {
      const parsed = TokenInfo.safeParse(await oauthGet('tokeninfo/', { access_token: accessToken }));
      if (!parsed.success) throw new SwcUpstreamError('SWCombine answered the token info in an unexpected shape');
      return { uid: parsed.data.user_id, scopes: (parsed.data.scope ?? '').split(/\s+/).filter(Boolean) };
    },

    getCharacter(accessToken, callClass) {
      return fetchCharacter(callWebService, accessToken, callClass);
    },

    webService: callWebService,
  };
}
