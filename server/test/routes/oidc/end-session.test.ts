import { generateKeyPair, SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorize, CookieJar, exchange, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

describe('logout for apps signed in through OpenID Connect: one sign-out path', () => {
  let ctx: TestContext;
  let jar: CookieJar;
  let idToken: string;
  let accessToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      url: 'https://wiki.example.com/',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
      backchannel_logout_url: 'https://wiki.example.com/oidc/backchannel',
      frontchannel_logout_url: 'https://wiki.example.com/oidc/frontchannel',
    });
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    const flow = await authorize(ctx, jar, { scope: 'openid profile' });
    const tokens = (await exchange(ctx, flow.code!, flow.verifier)).json();
    idToken = tokens.id_token;
    accessToken = tokens.access_token;
    ctx.sentJobs.length = 0;
  });

  const logout = (query: Record<string, string>) =>
    ctx.app.inject({ url: `/oidc/logout?${new URLSearchParams(query)}`, headers: { cookie: jar.header() } });

  it('gives the id_token the portal session’s sid, and ends it at once when the hint names that session', async () => {
    const sid = decodeJwt(idToken).sid;
    const session = await ctx.deps.db.query(
      "SELECT s.sid FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.uid = '1:100002' AND s.ended_at IS NULL",
    );
    expect(session.rows.map((r) => r.sid)).toContain(sid);

    const res = await logout({ id_token_hint: idToken, post_logout_redirect_uri: WIKI_REDIRECT, state: 'bye' });
    expect(res.statusCode).toBe(200); // the front-channel page, then on to the app
    expect(res.body).toContain(`https://wiki.example.com/oidc/frontchannel?iss=${encodeURIComponent(PUBLIC_URL)}&amp;sid=${sid}`);
    expect(res.body).toContain(`${WIKI_REDIRECT}?state=bye`);
    expect(res.body).toContain('Back to Wiki');
    expect(ctx.sentJobs).toEqual([{ name: 'backchannel-logout', data: expect.objectContaining({ sid, viaOidc: true }) }]);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(401);
    // What lasted only as long as the session ends with it.
    expect((await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${accessToken}` } })).statusCode).toBe(401);
  });

  it('addresses the back-channel logout token to the client_id, with the id_token’s sid', async () => {
    await logout({ id_token_hint: idToken });
    const job = ctx.sentJobs[0]!.data as { appId: string; userId: string; sid: string; viaOidc: boolean };
    const signed: string[] = [];
    const keys = {
      ...ctx.deps.keys,
      sign: async (payload: Record<string, unknown>, typ: string) => (
        signed.push(JSON.stringify(payload)),
        ctx.deps.keys.sign(payload, typ)
      ),
    };
    const { deliverBackchannelLogout } = await import('../../../src/services/access-end/backchannel-logout.ts');
    await deliverBackchannelLogout({ ...ctx.deps, keys }, job, { resolve: async () => [{ address: '203.0.113.7', family: 4 }] }).catch(
      () => undefined,
    );
    expect(JSON.parse(signed[0]!)).toMatchObject({ aud: 'wiki', sub: '1:100002', sid: decodeJwt(idToken).sid });
  });

  it('asks "Sign out?" once without a hint, then signs out and returns with the state', async () => {
    const ask = await logout({ client_id: 'wiki', post_logout_redirect_uri: WIKI_REDIRECT, state: 's1' });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Sign out?');
    // Why one app's sign-out reaches every app and device: the single sign-on session they share ends.
    expect(ask.body).toContain(
      'Wiki asks to sign you out. Wiki signed you in through the portal, and every app relies on that one portal sign-in (single sign-on), so ending it signs you out of the portal and of every app you opened with it, on all your devices.',
    );
    expect(ask.body).toContain('Stay signed in, back to Wiki');
    expect(ask.body).toContain('action="/oidc/logout/confirm"');
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(200);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/logout/confirm',
      headers: {
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: undefined,
      } as unknown as Record<string, string>,
      payload: new URLSearchParams({ client_id: 'wiki', post_logout_redirect_uri: WIKI_REDIRECT, state: 's1' }).toString(),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`${WIKI_REDIRECT}?state=s1`);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(401);
  });

  it('accepts an expired hint of its own, and refuses a foreign one or an unregistered address without redirecting', async () => {
    const foreignKey = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ sid: decodeJwt(idToken).sid, sub: '1:100002' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(PUBLIC_URL)
      .setAudience('wiki')
      .sign(foreignKey.privateKey);
    const queries: Record<string, string>[] = [
      { id_token_hint: foreign, post_logout_redirect_uri: WIKI_REDIRECT },
      { id_token_hint: 'garbage', post_logout_redirect_uri: WIKI_REDIRECT },
      { client_id: 'wiki', post_logout_redirect_uri: 'https://evil.example.com/' },
      { post_logout_redirect_uri: WIKI_REDIRECT },
      { client_id: 'nope' },
      { client_id: 'other', id_token_hint: idToken },
    ];
    for (const query of queries) {
      const res = await logout(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(200);

    // Two hours on, the id_token (1 h) has expired while the player kept the session in use.
    for (let i = 0; i < 8; i++) {
      ctx.clock.advance(15 * 60_000);
      expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(200);
    }
    const res = await logout({ id_token_hint: idToken, post_logout_redirect_uri: WIKI_REDIRECT, state: 'late' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${WIKI_REDIRECT}?state=late`);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(401);
  });

  it('reaches the app from the portal’s own Sign out the same way', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: {
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: undefined,
      } as unknown as Record<string, string>,
      payload: '',
    });
    expect(res.body).toContain('https://wiki.example.com/oidc/frontchannel');
    expect(ctx.sentJobs).toEqual([
      { name: 'backchannel-logout', data: expect.objectContaining({ sid: decodeJwt(idToken).sid, viaOidc: true }) },
    ]);
  });
});
