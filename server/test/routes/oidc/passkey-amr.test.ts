import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { addPasskey, confirmWithPasskey } from '../../helpers/passkey-flows.ts';
import { signIn } from '../../helpers/sign-in.ts';
import type { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * An app's id_token says how the player proved who they are: `amr` is `swc` for a SWCombine sign-in,
 * the passkey's RFC 8176 values for a passkey, and `mfa` with both when both happened in the session;
 * `auth_time` is when the session signed in.
 */
let ctx: TestContext;
let secret: string;
let key: SoftAuthenticator;

/** The wiki's id_token for a sign-in through this portal session. */
async function idTokenFor(cookie: string) {
  const flow = await authorize(ctx, new CookieJar({ portal_session: cookie }), { scope: 'openid' });
  expect(flow.code, flow.res.body).toEqual(expect.any(String));
  const tokens = (await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) })).json();
  return decodeJwt(tokens.id_token as string);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, {
    key: 'wiki',
    name: 'Wiki',
    audience: 'https://wiki.example.com',
    redirect_urls: [WIKI_REDIRECT],
    skip_uid_whitelist: true,
  });
  const admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, wiki.id);
  key = (await addPasskey(ctx, (await signIn(ctx, '1:100002')).cookie, 'Mira’s key')).authenticator;
});
afterAll(() => ctx.close());

describe('amr and auth_time in id_tokens', () => {
  it('says swc for a SWCombine sign-in, with auth_time the sign-in’s time', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    const claims = await idTokenFor(cookie);
    expect(claims.amr).toEqual(['swc']);
    expect(claims.auth_time).toBe(Math.floor(ctx.clock.now().getTime() / 1000));
  });

  it('gives the passkey’s RFC 8176 values for a passkey sign-in', async () => {
    const options = (await ctx.app.inject({ method: 'POST', url: '/api/sign-in/passkey/options' })).json();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sign-in/passkey', payload: { answer: key.assert(options) } });
    const cookie = res.cookies.find((c) => c.name === 'portal_session')!.value;
    expect((await idTokenFor(cookie)).amr).toEqual(['hwk', 'user']);
  });

  it('says mfa when a SWCombine sign-in and a passkey both happened in the session', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    await confirmWithPasskey(ctx, cookie, key);
    expect((await idTokenFor(cookie)).amr).toEqual(['mfa', 'swc', 'hwk', 'user']);
  });
});
