import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH_FAILURES_PER_MINUTE } from '../../../src/routes/oidc/client-auth-limit.ts';
import { SIGN_IN_STARTS_PER_MINUTE } from '../../../src/plugins/sign-in-limit.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorizeUrl, basic, pkcePair, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let secret: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, { key: 'wiki', audience: 'wiki', redirect_urls: [WIKI_REDIRECT], skip_uid_whitelist: true });
  await createAppFixture(ctx, { key: 'atlas', audience: 'atlas', redirect_urls: ['https://atlas.example.com/cb'] });
  const admin = (await signIn(ctx, '1:100001')).cookie;
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/apps/${wiki.id}/client-secret`,
    cookies: { portal_session: admin },
  });
  secret = created.json().client_secret;
});
afterAll(() => ctx.close());

const HTML = 'text/html,application/xhtml+xml';
const authorizeQuery = () =>
  authorizeUrl({
    client_id: 'wiki',
    redirect_uri: WIKI_REDIRECT,
    state: 's',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });

/** The three ways a browser starts a sign-in, each from `address`. */
const starts = {
  login: (address: string) =>
    ctx.app.inject({
      url: `/auth/login?aud=portal&rd=${encodeURIComponent(DASHBOARD)}`,
      remoteAddress: address,
      headers: { accept: HTML },
    }),
  authorize: (address: string) => ctx.app.inject({ url: authorizeQuery(), remoteAddress: address, headers: { accept: HTML } }),
  authorizePost: (address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/oidc/authorize',
      remoteAddress: address,
      headers: { accept: HTML, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://wiki.example.com' },
      payload: authorizeQuery().split('?')[1],
    }),
};

describe('sign-ins started from one address', () => {
  it("share /auth/login's limit at the authorization endpoint (GET and POST): the sign-in error page over it", async () => {
    const address = '203.0.113.7';
    const kinds = [starts.login, starts.authorize, starts.authorizePost];
    for (let i = 0; i < SIGN_IN_STARTS_PER_MINUTE; i++) {
      const res = await kinds[i % 3]!(address);
      expect(res.statusCode, res.body).toBeLessThan(400);
    }
    for (const start of kinds) {
      const res = await start(address);
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Too many sign-ins were started from this address. Try again in');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is counted on its own.
    expect((await starts.authorize('203.0.113.8')).statusCode).toBeLessThan(400);
  });
});

/** A client authentication at `path` with a Basic header, from `address`. */
const authenticate = (path: string, id: string, password: string, address: string, form: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(id, password) },
    payload: new URLSearchParams(form).toString(),
  });
const token = (id: string, password: string, address: string) =>
  authenticate('/oidc/token', id, password, address, { grant_type: 'refresh_token', refresh_token: 'not-a-refresh-token' });
const introspect = (id: string, password: string, address: string) =>
  authenticate('/oidc/introspect', id, password, address, { token: 'not-a-token' });
const revoke = (id: string, password: string, address: string) =>
  authenticate('/oidc/revoke', id, password, address, { token: 'not-a-token' });

describe('failed client authentications', () => {
  it('are limited per client and address across the token, introspection and revocation endpoints', async () => {
    const address = '198.51.100.20';
    const endpoints = [token, introspect, revoke];
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_MINUTE; i++) {
      const res = await endpoints[i % 3]!('wiki', 'wrong-secret', address);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
    // Now even the right secret waits, at each endpoint, with OAuth's error shape.
    for (const endpoint of endpoints) {
      const res = await endpoint('wiki', secret, address);
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({
        error: 'slow_down',
        error_description: expect.stringMatching(/too often from this address; try again in \d+ seconds/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The same client from another address, and another client from this one, are not held back.
    expect((await introspect('wiki', secret, '198.51.100.21')).statusCode).toBe(200);
    expect((await token('wiki', secret, '198.51.100.21')).json().error).toBe('invalid_grant');
    expect((await token('atlas', 'wrong-secret', address)).json().error).toBe('invalid_client');
  });

  it('count an unknown client id too, at the token endpoint as elsewhere', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_MINUTE; i++) expect((await token('nobody', 'x', address)).statusCode).toBe(401);
    expect((await token('nobody', 'x', address)).statusCode).toBe(429);
  });

  it('leave successful authentications uncounted', async () => {
    const address = '198.51.100.40';
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_MINUTE + 5; i++) expect((await introspect('wiki', secret, address)).statusCode).toBe(200);
  });
});
