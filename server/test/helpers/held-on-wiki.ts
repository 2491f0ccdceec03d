import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { authorize, basic, CookieJar, exchange, postForm } from './oidc.ts';
import { signIn } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

/**
 * What the wiki (audience https://wiki.example.com, a confidential client whose secret `secret()`
 * answers) holds for Mira, and how a test asks whether each still stands: forward auth, userinfo,
 * introspection, the token endpoint (a refresh, a code not yet redeemed), back-channel logouts sent.
 */
export function heldOnWiki(context: () => TestContext, secret: () => string) {
  const auth = () => ({ authorization: basic('wiki', secret()) });

  /** Mira as the wiki holds her: a portal session, forward auth, tokens of a session and of an offline grant, a code in flight. */
  async function miraEverywhere() {
    const ctx = context();
    const session = (await signIn(ctx, '1:100002')).cookie;
    const jar = new CookieJar({ portal_session: session });
    const online = await authorize(ctx, jar, { scope: 'openid profile' });
    const onlineTokens = (await exchange(ctx, online.code!, online.verifier, auth())).json();
    const offline = await authorize(ctx, jar, { scope: 'openid profile offline_access' });
    const offlineTokens = (await exchange(ctx, offline.code!, offline.verifier, auth())).json();
    const pending = await authorize(ctx, jar, { scope: 'openid profile' });
    const held = {
      session,
      sid: decodeJwt(onlineTokens.id_token).sid as string,
      accessToken: onlineTokens.access_token as string,
      offlineAccessToken: offlineTokens.access_token as string,
      refreshToken: offlineTokens.refresh_token as string,
      pendingCode: pending.code!,
      pendingVerifier: pending.verifier,
    };
    // Each answer is now kept where it is kept (forward auth and userinfo answers are cached).
    expect((await verify(held)).statusCode).toBe(200);
    expect((await userinfo(held.accessToken)).statusCode).toBe(200);
    expect((await userinfo(held.offlineAccessToken)).statusCode).toBe(200);
    ctx.sentJobs.length = 0;
    return held;
  }
  type Held = Awaited<ReturnType<typeof miraEverywhere>>;

  const verify = (held: Held) =>
    context().app.inject({ url: '/auth/verify?aud=https://wiki.example.com', cookies: { portal_session: held.session } });
  const userinfo = (token: string) => context().app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${token}` } });
  const introspect = (token: string) => postForm(context(), '/oidc/introspect', { token }, auth());
  const refresh = (token: string) => postForm(context(), '/oidc/token', { grant_type: 'refresh_token', refresh_token: token }, auth());
  const redeem = (held: Held) => exchange(context(), held.pendingCode, held.pendingVerifier, auth());
  const backchannelSids = () =>
    context()
      .sentJobs.filter((j) => j.name === 'backchannel-logout')
      .map((j) => (j.data as { sid?: string }).sid);

  async function expectSessionTokensEnded(held: Held) {
    expect((await userinfo(held.accessToken)).statusCode).toBe(401);
    expect((await introspect(held.accessToken)).json()).toEqual({ active: false });
    expect((await redeem(held)).json().error).toBe('invalid_grant');
  }

  async function expectEverythingOnTheAppEnded(held: Held) {
    await expectSessionTokensEnded(held);
    expect((await userinfo(held.offlineAccessToken)).statusCode).toBe(401);
    expect((await introspect(held.refreshToken)).json()).toEqual({ active: false });
    expect((await refresh(held.refreshToken)).json().error).toBe('invalid_grant');
  }

  return {
    miraEverywhere,
    verify,
    userinfo,
    introspect,
    refresh,
    backchannelSids,
    expectSessionTokensEnded,
    expectEverythingOnTheAppEnded,
  };
}

export type HeldOnWiki = Awaited<ReturnType<ReturnType<typeof heldOnWiki>['miraEverywhere']>>;
