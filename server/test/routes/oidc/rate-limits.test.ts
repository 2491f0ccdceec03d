import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUTH_FAILURES_PER_MINUTE } from '../../../src/routes/auth/client-auth-limit.ts';
import { SIGN_IN_STARTS_PER_MINUTE } from '../../../src/plugins/sign-in-limit.ts';
import { CODE_ENTRIES_PER_ADDRESS_PER_MINUTE, CODE_ENTRIES_PER_SESSION_PER_MINUTE } from '../../../src/routes/oidc/code-entry-limit.ts';
import { openDevicePage, xsrfOf } from '../../helpers/device-flow.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorizeUrl, basic, CookieJar, createClientSecret, pkcePair, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let secret: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, { key: 'wiki', audience: 'wiki', redirect_urls: [WIKI_REDIRECT], skip_uid_whitelist: true });
  await createAppFixture(ctx, { key: 'atlas', audience: 'atlas', redirect_urls: ['https://atlas.example.com/cb'] });
  const admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, wiki.id);
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

  it('count at the device authorization endpoint too: every door a client authenticates at shares the one check', async () => {
    const address = '198.51.100.35';
    const device = (password: string) => authenticate('/oidc/device/auth', 'wiki', password, address, { scope: 'openid' });
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_MINUTE; i++) expect((await device('wrong-secret')).statusCode).toBe(401);
    expect((await device(secret)).statusCode).toBe(429);
    expect((await token('wiki', secret, address)).statusCode).toBe(429);
  });

  it('leave successful authentications uncounted', async () => {
    const address = '198.51.100.40';
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_MINUTE + 5; i++) expect((await introspect('wiki', secret, address)).statusCode).toBe(200);
  });
});

/** A player at /device in one browser, typing codes from `address`; each page's form secret is sent back with the next. */
async function codeTyper() {
  const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  let { xsrf } = await openDevicePage(ctx, jar);
  return async (address: string, userCode = 'BCDF-GHJK') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/device',
      remoteAddress: address,
      headers: { cookie: jar.header(), origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, user_code: userCode }).toString(),
    });
    jar.store(res, ctx.clock);
    xsrf = xsrfOf(res.body) || xsrf;
    return res;
  };
}

describe('codes entered at /device (the code space is small)', () => {
  it('are limited per session, whatever the address, with a page that says so', async () => {
    const type = await codeTyper();
    for (let i = 0; i < CODE_ENTRIES_PER_SESSION_PER_MINUTE; i++) {
      const res = await type('192.0.2.10');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('No device is waiting for this code');
    }
    for (const address of ['192.0.2.10', '192.0.2.11']) {
      const res = await type(address);
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(
        /Too many codes were entered in this session\. Check the code your device shows and try again in \d+ seconds\./,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('are limited per address, whatever the sessions', async () => {
    const address = '192.0.2.20';
    const typers = [await codeTyper(), await codeTyper(), await codeTyper(), await codeTyper()];
    const each = CODE_ENTRIES_PER_SESSION_PER_MINUTE - 1;
    for (let i = 0; i < CODE_ENTRIES_PER_ADDRESS_PER_MINUTE; i++) {
      const res = await typers[Math.floor(i / each)]!(address);
      expect(res.statusCode, `entry ${i + 1}`).toBe(200);
    }
    const over = await typers[3]!(address);
    expect(over.statusCode).toBe(429);
    expect(over.body).toMatch(/Too many codes were entered from this address\. Try again in \d+ seconds\./);
    // The same session from another address goes on.
    expect((await typers[3]!('192.0.2.21')).statusCode).toBe(200);
  });
});
