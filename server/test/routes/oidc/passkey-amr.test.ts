import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, CookieJar } from '../../helpers/oidc.ts';
import { confirmWithPasskey } from '../../helpers/passkey-flows.ts';
import { createPasskeyWiki, type PasskeyWiki } from '../../helpers/passkey-wiki.ts';
import { signIn } from '../../helpers/sign-in.ts';
import type { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import type { TestContext } from '../../helpers/test-app.ts';

/**
 * An app's id_token says how the player proved who they are: `amr` is `swc` for a SWCombine sign-in,
 * the passkey's RFC 8176 values for a passkey, and `mfa` with both when both happened in the session;
 * `auth_time` is when the session signed in.
 */
let ctx: TestContext;
let key: SoftAuthenticator;
let idToken: PasskeyWiki['idToken'];

/** The wiki's id_token for a sign-in through this portal session. */
async function idTokenFor(cookie: string) {
  const flow = await authorize(ctx, new CookieJar({ portal_session: cookie }), { scope: 'openid' });
  expect(flow.code, flow.res.body).toEqual(expect.any(String));
  return idToken(flow.code!, flow.verifier);
}

beforeAll(async () => {
  ({ ctx, key, idToken } = await createPasskeyWiki());
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
