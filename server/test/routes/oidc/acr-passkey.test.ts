import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, CookieJar, pkcePair, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { confirmWithPasskey } from '../../helpers/passkey-flows.ts';
import { createPasskeyWiki, type PasskeyWiki } from '../../helpers/passkey-wiki.ts';
import { signIn } from '../../helpers/sign-in.ts';
import type { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

/**
 * A relying party may ask for a passkey for one sign-in with acr_values=passkey (discovery lists it):
 * the player confirms one, and the id_token then says acr "passkey".
 */
let ctx: TestContext;
let key: SoftAuthenticator;
let idToken: PasskeyWiki['idToken'];

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

function start(params: Record<string, string> = {}) {
  const pkce = pkcePair();
  const url = authorizeUrl({
    client_id: 'wiki',
    redirect_uri: WIKI_REDIRECT,
    state: 'st',
    nonce: 'nn',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...params,
  });
  return { url, verifier: pkce.verifier };
}

beforeAll(async () => {
  ({ ctx, key, idToken } = await createPasskeyWiki());
});
afterAll(() => ctx.close());

describe('acr_values=passkey', () => {
  it('is listed in discovery', async () => {
    const discovery = (await ctx.app.inject({ url: '/.well-known/openid-configuration' })).json();
    expect(discovery.acr_values_supported).toEqual(['passkey']);
  });

  it('sends a player whose session used no passkey to confirm one; the id_token then says acr passkey', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const jar = new CookieJar({ portal_session: cookie });
    const { url, verifier } = start({ acr_values: 'passkey' });
    const confirm = await follow(jar, url);
    expect(confirm.pathname).toBe('/confirm-passkey');

    await confirmWithPasskey(ctx, cookie, key);
    const back = await follow(jar, confirm.searchParams.get('next')!);
    expect(back.origin + back.pathname).toBe(WIKI_REDIRECT);
    const claims = await idToken(back.searchParams.get('code')!, verifier);
    expect(claims.acr).toBe('passkey');
    expect(claims.amr).toEqual(['mfa', 'swc', 'hwk', 'user']);
  });

  it('asks nothing more without acr_values, and the id_token then carries no acr', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const { url, verifier } = start();
    const back = await follow(new CookieJar({ portal_session: cookie }), url);
    expect(back.origin + back.pathname).toBe(WIKI_REDIRECT);
    const claims = await idToken(back.searchParams.get('code')!, verifier);
    expect(claims.acr).toBeUndefined();
    expect(claims.amr).toEqual(['swc']);
  });

  it('refuses a prompt=none request that would need the confirmation, with login_required', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const back = await follow(new CookieJar({ portal_session: cookie }), start({ acr_values: 'passkey', prompt: 'none' }).url);
    expect(back.origin + back.pathname).toBe(WIKI_REDIRECT);
    expect(back.searchParams.get('error')).toBe('login_required');
  });
});
