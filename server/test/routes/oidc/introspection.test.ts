import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorize, basic, CookieJar, exchange, postForm } from '../../helpers/oidc.ts';
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
    const secret = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/apps/${app.id}/client-secret`,
      cookies: { portal_session: admin },
    });
    auth = { authorization: basic('wiki', secret.json().client_secret) };
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
