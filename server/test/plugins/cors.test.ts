import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixture, createAppFixture } from '../helpers/fixtures.ts';
import { authorize, CookieJar, exchange, postForm, WIKI_REDIRECT } from '../helpers/oidc.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let mira: string;

/** Only an OpenID Connect client's callback host: an app's origin, not the portal's. */
const CALLBACK_HOST = 'http://localhost:7001';
/** The wiki signs players in from the browser (a public client with PKCE). */
const WIKI = 'https://wiki.example.com';
const FOREIGN = 'https://evil.example.net';

const CORS_HEADERS = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods'];
const corsOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(CORS_HEADERS.filter((h) => h in headers).map((h) => [h, headers[h]]));

const preflight = (url: string, origin: string, method = 'POST', requestHeaders = 'content-type') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  await createAppFixture(ctx, { key: 'fleet', name: 'Fleet', redirect_urls: [`${CALLBACK_HOST}/oauth/callback`] });
  await createAppFixture(ctx, { key: 'wiki', audience: 'wiki', redirect_urls: [WIKI_REDIRECT], skip_uid_whitelist: true });
  admin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

describe("CORS with credentials: the portal's own web origins only", () => {
  it("gives an app's callback host nothing on POST /api/admin/apps with the admin's cookie, and creates nothing", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { origin: CALLBACK_HOST, 'content-type': 'application/json' },
      cookies: { portal_session: admin },
      payload: appFixture({ key: 'planted', name: 'Planted' }),
    });
    expect(corsOf(res.headers)).toEqual({});
    expect(res.statusCode).toBe(403);
    const { rows } = await ctx.deps.db.query(`SELECT 1 FROM apps WHERE key = 'planted'`);
    expect(rows).toEqual([]);
  });

  it("answers no preflight of any /api route from an app's origin", async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x')] as const));
    expect(routes.length).toBeGreaterThan(30);
    for (const [method, url] of routes) {
      for (const origin of [CALLBACK_HOST, WIKI]) {
        const res = await preflight(url, origin, method);
        expect(res.statusCode, `${method} ${url} from ${origin}`).toBe(404);
        expect(corsOf(res.headers), `${method} ${url} from ${origin}`).toEqual({});
      }
    }
  });

  it("refuses every /api write from an app's origin, even one a browser sends without a preflight", async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .map((m) => m.toUpperCase())
          .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
          .map((m) => [m, path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')] as const),
      );
    expect(writes.length).toBeGreaterThan(15);
    for (const [method, url] of writes) {
      // No body and no Content-Type: a "simple" request, which no preflight announces.
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { origin: CALLBACK_HOST },
        cookies: { portal_session: admin },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it("reads no signed-in answer for an app's origin, and does for the portal's", async () => {
    const app = await ctx.app.inject({ url: '/api/admin/apps', headers: { origin: CALLBACK_HOST }, cookies: { portal_session: admin } });
    expect(corsOf(app.headers)).toEqual({});
    const portal = await ctx.app.inject({ url: '/api/admin/apps', headers: { origin: PUBLIC_URL }, cookies: { portal_session: admin } });
    expect(corsOf(portal.headers)).toEqual({ 'access-control-allow-origin': PUBLIC_URL, 'access-control-allow-credentials': 'true' });
  });
});

describe('CORS without credentials: a browser app signing a player in by code + PKCE', () => {
  it.each(['/.well-known/openid-configuration', '/.well-known/jwks.json'])('lets any origin read %s', async (url) => {
    for (const origin of [WIKI, FOREIGN]) {
      const res = await ctx.app.inject({ url, headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(corsOf(res.headers)).toEqual({ 'access-control-allow-origin': '*' });
      const pre = await preflight(url, origin, 'GET');
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it.each([
    ['/oidc/token', 'POST'],
    ['/oidc/userinfo', 'GET'],
    ['/oidc/revoke', 'POST'],
  ])("answers the preflight of %s to a registered app's origin, without credentials, and to no other", async (url, method) => {
    const ok = await preflight(url, WIKI, method, 'authorization, content-type');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(WIKI);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(ok.headers['access-control-allow-methods'])).toContain(method);
    expect(ok.headers['access-control-allow-headers']).toBe('authorization, content-type');
    const foreign = await preflight(url, FOREIGN, method);
    expect(foreign.statusCode).toBe(404);
    expect(corsOf(foreign.headers)).toEqual({});
  });

  it('lets the app read the token, userinfo and revocation answers from its origin, without credentials', async () => {
    const jar = new CookieJar({ portal_session: mira });
    const { code, verifier } = await authorize(ctx, jar);
    const token = await exchange(ctx, code!, verifier, { origin: WIKI });
    expect(token.statusCode, token.body).toBe(200);
    expect(corsOf(token.headers)).toEqual({ 'access-control-allow-origin': WIKI });
    const { access_token } = token.json();

    const userinfo = await ctx.app.inject({ url: '/oidc/userinfo', headers: { origin: WIKI, authorization: `Bearer ${access_token}` } });
    expect(userinfo.statusCode).toBe(200);
    expect(corsOf(userinfo.headers)).toEqual({ 'access-control-allow-origin': WIKI });
    expect(userinfo.headers['access-control-expose-headers']).toBe('www-authenticate');

    const revoke = await postForm(ctx, '/oidc/revoke', { token: access_token, client_id: 'wiki' }, { origin: WIKI });
    expect(revoke.statusCode).toBe(200);
    expect(corsOf(revoke.headers)).toEqual({ 'access-control-allow-origin': WIKI });
  });

  it('refuses a code sent from an origin no app registered, and the code stays good for the app', async () => {
    const jar = new CookieJar({ portal_session: mira });
    const { code, verifier } = await authorize(ctx, jar);
    const foreign = await exchange(ctx, code!, verifier, { origin: FOREIGN });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('invalid_request');
    expect(corsOf(foreign.headers)).toEqual({});
    expect((await exchange(ctx, code!, verifier, { origin: WIKI })).statusCode).toBe(200);
  });

  it('admits the origin of an app registered a moment ago, though the origins were read just before', async () => {
    const STARMAP = 'https://starmap.example.org';
    expect((await preflight('/oidc/token', STARMAP)).statusCode).toBe(404); // unknown, and the origins read now
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      cookies: { portal_session: admin },
      payload: appFixture({ key: 'starmap', name: 'Star Map', redirect_urls: [`${STARMAP}/callback`] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await preflight('/oidc/token', STARMAP);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(STARMAP);
  });

  it('keeps introspection, which only confidential clients call from their servers, out of browsers', async () => {
    const res = await preflight('/oidc/introspect', WIKI);
    expect(res.statusCode).toBe(404);
    expect(corsOf(res.headers)).toEqual({});
  });
});
