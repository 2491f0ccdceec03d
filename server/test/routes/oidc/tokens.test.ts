import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('tokens the OpenID Provider issues: refresh, userinfo, revocation, introspection', () => {
  let ctx: TestContext;
  let admin: string;
  let jar: CookieJar;
  let secret: string;
  let miraId: string;

  const refresh = (refreshToken: string) =>
    postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, { authorization: basic('wiki', secret) });
  const userinfo = (accessToken: string) => ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
  const access = (action: 'grant' | 'suspend' | 'revoke') =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/users/${miraId}/apps/wiki/${action}`, cookies: { portal_session: admin } });
  async function tokens(scope = 'openid profile offline_access') {
    const flow = await authorize(ctx, jar, { scope });
    const res = await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; refresh_token?: string; id_token: string; scope: string };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const app = await createAppFixture(ctx, { key: 'wiki', audience: 'https://wiki.example.com', redirect_urls: [WIKI_REDIRECT] });
    admin = (await signIn(ctx, '1:100001')).cookie;
    secret = await createClientSecret(ctx, admin, app.id);
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    miraId = await userIdOf(ctx, '1:100002');
    expect((await access('grant')).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('issues a refresh token only with offline_access, rotates it, and ends the family when one is replayed', async () => {
    expect((await tokens('openid profile')).refresh_token).toBeUndefined();
    const first = await tokens();
    const second = await refresh(first.refresh_token!);
    expect(second.statusCode, second.body).toBe(200);
    const rotated = second.json().refresh_token as string;
    expect(rotated).not.toBe(first.refresh_token);
    expect(decodeJwt(second.json().id_token).sub).toBe('1:100002');

    const replay = await refresh(first.refresh_token!);
    expect(replay.json().error).toBe('invalid_grant');
    // The replay revoked the whole grant: the rotated token is dead too, and it is audited.
    expect((await refresh(rotated)).json().error).toBe('invalid_grant');
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'oidc_grant_reused'");
    expect(audited.rows[0]!.details).toMatchObject({ client_id: 'wiki', grant_type: 'refresh_token' });
  });

  it('checks userinfo live: a suspended player gets 401 with WWW-Authenticate, and refreshes stop at once', async () => {
    const issued = await tokens();
    expect((await userinfo(issued.access_token)).json()).toMatchObject({ sub: '1:100002', name: expect.any(String) });
    await access('suspend');
    const refused = await userinfo(issued.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((await refresh(issued.refresh_token!)).json().error).toBe('invalid_grant');
    await access('grant');
    // Ended, not paused: granting access again does not bring the tokens back.
    expect((await refresh(issued.refresh_token!)).json().error).toBe('invalid_grant');
    expect((await userinfo(issued.access_token)).statusCode).toBe(401);
  });

  it('answers userinfo by POST too, and refuses a missing, forged or foreign token', async () => {
    const issued = await tokens();
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/userinfo',
      headers: { authorization: `Bearer ${issued.access_token}` },
    });
    expect(post.statusCode).toBe(200);
    const [header, payload] = issued.access_token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(issued.access_token), sub: '1:100001' })).toString('base64url')}.${issued.access_token.split('.')[2]}`;
    for (const token of [forged, `${header}.${payload}.x`, 'not-a-token']) expect((await userinfo(token)).statusCode).toBe(401);
    const none = await ctx.app.inject({ url: '/oidc/userinfo' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('revokes an access token and a refresh token (RFC 7009), and introspects them (RFC 7662) for the authenticated client', async () => {
    const issued = await tokens();
    const introspect = (token: string, auth = basic('wiki', secret)) =>
      postForm(ctx, '/oidc/introspect', { token }, { authorization: auth });
    const active = (await introspect(issued.access_token)).json();
    expect(active).toMatchObject({ active: true, client_id: 'wiki', sub: '1:100002', aud: 'https://wiki.example.com' });
    expect((await introspect(issued.refresh_token!)).json()).toMatchObject({ active: true, token_type: 'refresh_token' });
    expect((await introspect(issued.access_token, basic('wiki', 'wrong'))).statusCode).toBe(401);

    expect((await postForm(ctx, '/oidc/revoke', { token: issued.access_token }, { authorization: basic('wiki', secret) })).statusCode).toBe(
      200,
    );
    expect((await introspect(issued.access_token)).json()).toEqual({ active: false });
    expect((await userinfo(issued.access_token)).statusCode).toBe(401);
    expect(
      (await postForm(ctx, '/oidc/revoke', { token: issued.refresh_token! }, { authorization: basic('wiki', secret) })).statusCode,
    ).toBe(200);
    expect((await refresh(issued.refresh_token!)).json().error).toBe('invalid_grant');
  });

  it('checks a token’s signature once per userinfo request, found or not (one lookup for every endpoint)', async () => {
    const issued = await tokens('openid');
    const { keys } = ctx.deps;
    const read = keys.jwks.bind(keys);
    let checks = 0;
    keys.jwks = async () => {
      checks++;
      return read();
    };
    try {
      expect((await userinfo(issued.access_token)).statusCode).toBe(200);
      expect(checks).toBe(1);
      await postForm(ctx, '/oidc/revoke', { token: issued.access_token }, { authorization: basic('wiki', secret) });
      checks = 0;
      expect((await userinfo(issued.access_token)).statusCode).toBe(401);
      expect(checks).toBe(1);
    } finally {
      keys.jwks = read;
    }
  });

  it('grants other scopes only where an admin granted them on Central Consents', async () => {
    const app = (await ctx.deps.db.query<{ id: string }>("SELECT id FROM apps WHERE key = 'wiki'")).rows[0]!;
    const before = await tokens('openid wiki:edit wiki:admin');
    expect(before.scope.split(' ')).not.toContain('wiki:edit');
    const granted = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/consents/grant',
      cookies: { portal_session: admin },
      payload: { userId: miraId, appId: app.id, value: 'wiki:edit' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const after = await tokens('openid wiki:edit wiki:admin');
    expect(after.scope.split(' ')).toContain('wiki:edit');
    expect(after.scope.split(' ')).not.toContain('wiki:admin');
    expect(String(decodeJwt(after.access_token).scope).split(' ')).toContain('wiki:edit');
  });
});
