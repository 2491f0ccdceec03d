import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { authorizeUrl, CookieJar, pkcePair, WIKI_REDIRECT } from '../helpers/oidc.ts';
import { addPasskey, confirmWithPasskey } from '../helpers/passkey-flows.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

/**
 * An app with "Require a passkey": forward auth and the OpenID Provider admit a session only once a
 * passkey was used in it. A browser is sent to confirm one, and comes back to where it was going.
 */
let ctx: TestContext;
let key: SoftAuthenticator;

const BROWSER = 'text/html,application/xhtml+xml,*/*;q=0.8';
const PAGE = 'https://wiki.example.com/docs/start';
const traefik = {
  accept: BROWSER,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'wiki.example.com',
  'x-forwarded-uri': '/docs/start',
  'x-forwarded-method': 'GET',
};

const verify = (cookie: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: '/auth/verify?aud=wiki', headers, cookies: { portal_session: cookie } });

/** Follows the portal's redirects until one leaves the portal or reaches the passkey confirmation page. */
async function follow(jar: CookieJar, url: string) {
  let next = new URL(url, PUBLIC_URL);
  for (let i = 0; i < 8; i++) {
    if (next.origin !== new URL(PUBLIC_URL).origin || next.pathname === '/confirm-passkey') return next;
    const res = await ctx.app.inject({ url: next.pathname + next.search, headers: { cookie: jar.header() } });
    jar.store(res, ctx.clock);
    if (!res.headers.location) throw new Error(`no redirect from ${next.href}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    next = new URL(res.headers.location, next);
  }
  throw new Error('too many redirects');
}

beforeAll(async () => {
  ctx = await createTestApp();
  await createAppFixture(ctx, {
    key: 'wiki',
    audience: 'wiki',
    redirect_urls: ['https://wiki.example.com/', WIKI_REDIRECT],
    skip_uid_whitelist: true,
    require_passkey: true,
  });
  await createAppFixture(ctx, { key: 'board', name: 'Board', audience: 'board', skip_uid_whitelist: true });
  key = (await addPasskey(ctx, (await signIn(ctx, '1:100002')).cookie, 'Mira’s key')).authenticator;
});
afterAll(() => ctx.close());

describe('forward auth for an app that requires a passkey', () => {
  it('sends a browser whose session used no passkey to confirm one, and back to the page it asked for', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const res = await verify(cookie, traefik);
    expect(res.statusCode).toBe(302);
    const confirm = await follow(new CookieJar({ portal_session: cookie }), res.headers.location!);
    expect(confirm.pathname).toBe('/confirm-passkey');
    const next = confirm.searchParams.get('next')!;
    expect(next.startsWith('/auth/login?')).toBe(true);

    await confirmWithPasskey(ctx, cookie, key);
    // Back through sign-in's shortcut to the page, which the next check admits.
    expect((await follow(new CookieJar({ portal_session: cookie }), next)).href).toBe(PAGE);
    const admitted = await verify(cookie, traefik);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.headers['x-auth-request-user']).toBe('1:100002');
  });

  it('answers an API client 401 in words, without a redirect', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const res = await verify(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/needs a passkey used in this session/);
  });

  it('admits a session that signed in with a passkey', async () => {
    const options = (await ctx.app.inject({ method: 'POST', url: '/api/sign-in/passkey/options' })).json();
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/sign-in/passkey', payload: { answer: key.assert(options) } });
    const cookie = signedIn.cookies.find((c) => c.name === 'portal_session')!.value;
    expect((await verify(cookie)).statusCode).toBe(200);
  });
});

describe('the OpenID Provider for an app that requires a passkey', () => {
  it('sends the player to confirm one, then back to the authorization, which gives a code', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const jar = new CookieJar({ portal_session: cookie });
    const { challenge } = pkcePair();
    const url = authorizeUrl({
      client_id: 'wiki',
      redirect_uri: WIKI_REDIRECT,
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const confirm = await follow(jar, url);
    expect(confirm.pathname).toBe('/confirm-passkey');
    const next = confirm.searchParams.get('next')!;
    expect(next).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    await confirmWithPasskey(ctx, cookie, key);
    const back = await follow(jar, next);
    expect(back.origin + back.pathname).toBe(WIKI_REDIRECT);
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
  });
});

describe('X-Auth-Request-Amr', () => {
  const amrOf = async (cookie: string) =>
    (await ctx.app.inject({ url: '/auth/verify?aud=board', cookies: { portal_session: cookie } })).headers['x-auth-request-amr'];

  it('names how the session proved who the player is, and follows a confirmation at once despite the answer cache', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    expect(await amrOf(cookie)).toBe('swc');
    expect(await amrOf(cookie)).toBe('swc'); // now from the cache
    await confirmWithPasskey(ctx, cookie, key);
    expect(await amrOf(cookie)).toBe('mfa,swc,hwk,user');
  });
});
