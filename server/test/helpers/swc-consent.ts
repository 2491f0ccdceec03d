import { approveAtSimulator, cookieValue } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

export const swcConsentsOf = async (ctx: TestContext, session: string) =>
  (await ctx.app.inject({ url: '/api/swc/consents', cookies: { portal_session: session } })).json();

/** POST /api/swc/authorize: the SWCombine URL and the state cookie bound to this "browser". */
export async function startConsent(ctx: TestContext, session: string, scopes: string[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/swc/authorize',
    cookies: { portal_session: session },
    payload: { scopes },
  });
  if (res.statusCode !== 200) throw new Error(`authorize failed: ${res.statusCode} ${res.body}`);
  return { authorizeUrl: res.json().authorize_url as string, stateCookie: cookieValue(res, 'portal_login_state')! };
}

/** The player asks for `scopes`, ticks only `grantOnly` (all when unset) at the simulator as `uid`, and comes back. */
export async function grantConsent(ctx: TestContext, session: string, uid: string, scopes: string[], grantOnly?: string[]) {
  const { authorizeUrl, stateCookie } = await startConsent(ctx, session, scopes);
  const callback = new URL(await approveAtSimulator(authorizeUrl, uid, grantOnly));
  return ctx.app.inject({
    url: callback.pathname + callback.search,
    cookies: { portal_login_state: stateCookie, portal_session: session },
  });
}
