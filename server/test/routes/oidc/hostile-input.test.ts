import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { CookieJar, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const HOSTILE = [
  '\u0000',
  '%00',
  'a\r\nSet-Cookie: x=1',
  '\ud800',
  'é'.repeat(5000),
  'x'.repeat(20_000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$ne":1}',
];

describe('the OpenID Provider under hostile input: a clear refusal, never a 500 or a hang', () => {
  let ctx: TestContext;
  let jar: CookieJar;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
    });
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  it('refuses hostile authorization parameters with a page or an error redirect to the registered address only', async () => {
    const params = [
      'client_id',
      'redirect_uri',
      'scope',
      'state',
      'nonce',
      'prompt',
      'max_age',
      'login_hint',
      'code_challenge',
      'response_type',
      'resource',
    ];
    for (const name of params) {
      for (const value of HOSTILE) {
        const query = new URLSearchParams({
          client_id: 'wiki',
          redirect_uri: WIKI_REDIRECT,
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          [name]: value,
        });
        const res = await ctx.app.inject({ url: `/oidc/authorize?${query}`, headers: { cookie: jar.header() } });
        expect(res.statusCode, `${name}=${value.slice(0, 20)}`).toBeLessThan(500);
        const location = res.headers.location;
        if (location) {
          const target = new URL(location, 'http://localhost:3000');
          expect(
            [WIKI_REDIRECT, 'http://localhost:3000/oidc/interaction'].some((p) => target.href.startsWith(p)),
            location,
          ).toBe(true);
          expect(location).not.toMatch(/[\r\n]/);
        }
      }
    }
  }, 60_000);

  it('answers hostile token, introspection and revocation requests in OAuth’s shape, never 500', async () => {
    for (const path of ['/oidc/token', '/oidc/introspect', '/oidc/revoke']) {
      for (const value of HOSTILE) {
        const forms: Record<string, string>[] = [
          { grant_type: value, client_id: 'wiki' },
          { grant_type: 'authorization_code', code: value, client_id: 'wiki', redirect_uri: WIKI_REDIRECT, code_verifier: value },
          { grant_type: 'refresh_token', refresh_token: value, client_id: value },
          { token: value, client_id: 'wiki', client_secret: value },
        ];
        for (const form of forms) {
          const res = await postForm(ctx, path, form, { authorization: `Basic ${Buffer.from(`${value}:${value}`).toString('base64')}` });
          expect(res.statusCode, `${path} ${JSON.stringify(form).slice(0, 60)}`).toBeLessThan(500);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(typeof res.json().error).toBe('string');
          expect(typeof res.json().error_description).toBe('string');
        }
      }
    }
  }, 60_000);

  it('answers hostile userinfo and logout requests with a 400 or 401 in words', async () => {
    for (const value of HOSTILE) {
      const info = await ctx.app.inject({
        url: '/oidc/userinfo',
        headers: { authorization: `Bearer ${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?'))}` },
      });
      expect(info.statusCode).toBe(401);
      for (const name of ['id_token_hint', 'post_logout_redirect_uri', 'state', 'client_id']) {
        const res = await ctx.app.inject({
          url: `/oidc/logout?${new URLSearchParams({ [name]: value })}`,
          headers: { cookie: jar.header() },
        });
        // Refused in words, or (a harmless value) the "Sign out?" question: never a redirect, nothing ended.
        expect([200, 400], `${name}=${value.slice(0, 20)}`).toContain(res.statusCode);
        expect(res.headers.location).toBeUndefined();
        if (String(res.headers['content-type']).includes('html')) expect(res.body).not.toContain('<script>alert');
      }
    }
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: jar.header() } })).statusCode).toBe(200);
    const interaction = await ctx.app.inject({ url: `/oidc/interaction/${'x'.repeat(65)}`, headers: { cookie: jar.header() } });
    expect(interaction.statusCode).toBe(400);
  });
});
