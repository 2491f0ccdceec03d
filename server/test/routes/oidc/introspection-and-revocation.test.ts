import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('introspection and revocation of the JWT access tokens the portal issues', () => {
  let ctx: TestContext;
  let jar: CookieJar;
  let auth: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    const app = await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: ['https://wiki.example.com/oauth/callback'],
      skip_uid_whitelist: true,
    });
    const admin = (await signIn(ctx, '1:100001')).cookie;
    auth = { authorization: basic('wiki', await createClientSecret(ctx, admin, app.id)) };
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  async function accessToken(): Promise<string> {
    const { code, verifier } = await authorize(ctx, jar);
    const token = await exchange(ctx, code!, verifier, auth);
    expect(token.statusCode, token.body).toBe(200);
    return token.json().access_token;
  }

  it('introspects an access token as active, with who and for which app', async () => {
    const token = await accessToken();
    const res = await postForm(ctx, '/oidc/introspect', { token }, auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: true, sub: '1:100002', client_id: 'wiki', aud: 'https://wiki.example.com' });
  });

  it('revokes an access token: introspection then answers inactive and userinfo refuses it', async () => {
    const token = await accessToken();
    const revoked = await postForm(ctx, '/oidc/revoke', { token, token_type_hint: 'access_token' }, auth);
    expect(revoked.statusCode, revoked.body).toBe(200);
    // An empty answer with no content type: a browser app's cross-origin fetch of an empty text/plain one is aborted.
    expect(revoked.body).toBe('');
    expect(revoked.headers['content-type']).toBeUndefined();
    expect((await postForm(ctx, '/oidc/introspect', { token }, auth)).json()).toEqual({ active: false });
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect(info.statusCode).toBe(401);
  });
});

describe('introspection answers from the same decision as userinfo', () => {
  let ctx: TestContext;
  let admin: string;
  let auth: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    // No bypass: only the group's rule admits Mira.
    const app = await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: ['https://wiki.example.com/oauth/callback'],
    });
    admin = (await signIn(ctx, '1:100001')).cookie;
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
    auth = { authorization: basic('wiki', await createClientSecret(ctx, admin, app.id)) };
    const group = (await call('POST', '/api/admin/groups', { name: 'Crew', description: '' })).json();
    await call('POST', `/api/admin/groups/${group.id}/members`, { uids: ['1:100002'] });
    await call('PUT', `/api/admin/apps/${app.id}/access-rules`, { rules: [{ group_id: group.id, roles: [], scopes: [], grace_hours: 1 }] });
  });
  afterAll(() => ctx.close());

  it('a grace period that ran out ends the tokens at introspection as at userinfo, before any job has ended them', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    const { code, verifier } = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const tokens = (await exchange(ctx, code!, verifier, auth)).json();
    expect((await postForm(ctx, '/oidc/introspect', { token: tokens.refresh_token }, auth)).json()).toMatchObject({ active: true });

    // The game said Mira left the group two hours ago; the rule's hour of grace is over. Nothing ended her tokens yet.
    const leftAt = new Date(ctx.clock.now().getTime() - 2 * 3_600_000);
    await ctx.deps.db.query('UPDATE group_members SET left_at = $2 WHERE user_id = $1', [await userIdOf(ctx, '1:100002'), leftAt]);
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.statusCode).toBe(401);
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect((await postForm(ctx, '/oidc/introspect', { token }, auth)).json()).toEqual({ active: false });
    }
  });

  it('a token written while its grant ended (a refresh racing an end of access) is no token, at introspection as at userinfo', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100003')).cookie });
    await ctx.deps.db.query(
      `INSERT INTO group_members (group_id, user_id, source) SELECT id, $1, 'admin' FROM groups WHERE name = 'Crew'`,
      [await userIdOf(ctx, '1:100003')],
    );
    const { code, verifier } = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const tokens = (await exchange(ctx, code!, verifier, auth)).json();
    expect((await postForm(ctx, '/oidc/introspect', { token: tokens.access_token }, auth)).json()).toMatchObject({ active: true });
    // The end of access deleted the grant; the refresh's new tokens were written after it.
    await ctx.deps.db.query("DELETE FROM oidc_payloads WHERE model = 'Grant' AND account_id = '1:100003'");
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.statusCode).toBe(401);
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect((await postForm(ctx, '/oidc/introspect', { token }, auth)).json()).toEqual({ active: false });
    }
  });
});
