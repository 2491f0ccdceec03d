import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorizeUrl, browse, CookieJar, pkcePair, postForm } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

const REDIRECT = 'https://wiki.example.com/oauth/callback';

describe('the OpenID Provider: code flow with PKCE for a signed-in player', () => {
  let ctx: TestContext;
  let jar: CookieJar;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, { key: 'wiki', audience: 'https://wiki.example.com', redirect_urls: [REDIRECT], skip_uid_whitelist: true });
    const { cookie } = await signIn(ctx, '1:100002');
    jar = new CookieJar({ portal_session: cookie });
  });
  afterAll(() => ctx.close());

  it('publishes discovery with PUBLIC_URL as the issuer', async () => {
    const res = await ctx.app.inject('/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(PUBLIC_URL);
    expect(doc.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/authorize`);
    expect(doc.jwks_uri).toBe(`${PUBLIC_URL}/.well-known/jwks.json`);
    expect(doc.end_session_endpoint).toBe(`${PUBLIC_URL}/oidc/logout`);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['RS256', 'ES256']));
    expect(doc.backchannel_logout_session_supported).toBe(true);
    expect(doc.frontchannel_logout_supported).toBe(true);
  });

  it('publishes the same addresses whatever the Host and X-Forwarded-* headers say', async () => {
    const res = await ctx.app.inject({
      url: '/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: PUBLIC_URL,
      authorization_endpoint: `${PUBLIC_URL}/oidc/authorize`,
      token_endpoint: `${PUBLIC_URL}/oidc/token`,
      device_authorization_endpoint: `${PUBLIC_URL}/oidc/device/auth`,
    });
  });

  it('signs the player in with no prompt and exchanges the code for tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const res = await browse(
      ctx,
      jar,
      authorizeUrl({
        client_id: 'wiki',
        redirect_uri: REDIRECT,
        scope: 'openid profile roles offline_access',
        state: 'st-1',
        nonce: 'n-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const token = await postForm(ctx, '/oidc/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'wiki',
      code_verifier: verifier,
    });
    expect(token.statusCode, token.body).toBe(200);
    const body = token.json();
    expect(decodeProtectedHeader(body.id_token).alg).toBe('RS256');
    const idToken = decodeJwt(body.id_token);
    expect(idToken).toMatchObject({ iss: PUBLIC_URL, aud: 'wiki', sub: '1:100002', nonce: 'n-1' });
    expect(idToken.sid).toEqual(expect.any(String));
    expect(idToken.auth_time).toEqual(expect.any(Number));
    expect(decodeProtectedHeader(body.access_token).typ).toBe('at+jwt');
    expect(decodeJwt(body.access_token)).toMatchObject({ aud: 'https://wiki.example.com', client_id: 'wiki', sub: '1:100002' });
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'roles', 'offline_access']));

    console.log(
      (await ctx.deps.db.query('select model, id, payload from oidc_payloads')).rows.map((r) => [
        r.model,
        r.id,
        JSON.stringify(r.payload).slice(0, 300),
      ]),
      decodeJwt(body.access_token),
    );
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ sub: '1:100002', roles: [] });
  });

  it('addresses the access token to an audience that is a plain name, as forward auth does', async () => {
    await createAppFixture(ctx, {
      key: 'forum',
      audience: 'forum',
      redirect_urls: ['https://forum.example.com/cb'],
      skip_uid_whitelist: true,
    });
    const { verifier, challenge } = pkcePair();
    const res = await browse(
      ctx,
      jar,
      authorizeUrl({
        client_id: 'forum',
        redirect_uri: 'https://forum.example.com/cb',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    const code = new URL(res.headers.location!).searchParams.get('code')!;
    expect(code).toBeTruthy();
    const token = await postForm(ctx, '/oidc/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://forum.example.com/cb',
      client_id: 'forum',
      code_verifier: verifier,
    });
    expect(decodeJwt(token.json().access_token).aud).toBe('forum');
  });
});
