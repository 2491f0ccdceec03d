import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { userIdOf } from '../helpers/groups.ts';
import { createClientSecret } from '../helpers/oidc.ts';
import { signIn } from '../helpers/sign-in.ts';
import { grantConsent } from '../helpers/swc-consent.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

// An app that bypasses the UID whitelist admits every player who has no recorded access; an admin's
// suspension or revocation of one player must still shut that player out everywhere access is decided.
const RD = 'https://open.example.com/';
let ctx: TestContext;
let admin: string;
let mira: string;
let miraId: string;
let secret: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const open = await createAppFixture(ctx, { key: 'open', name: 'Open app', skip_uid_whitelist: true, allow_delegated_swc_token: true });
  admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, open.id);
  mira = (await signIn(ctx, '1:100002')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
  await grantConsent(ctx, mira, '1:100002', ['character_location']);
  const automation = await ctx.app.inject({
    method: 'POST',
    url: '/api/swc/auth-token',
    cookies: { portal_session: mira },
    payload: { enabled: true },
  });
  expect(automation.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const verify = () => ctx.app.inject({ url: '/auth/verify?aud=open', cookies: { portal_session: mira } });
const dashboardKeys = async () =>
  (await ctx.app.inject({ url: '/api/apps', cookies: { portal_session: mira } })).json().map((a: { key: string }) => a.key);
const loginWithSession = () =>
  ctx.app.inject({ url: `/auth/login?aud=open&rd=${encodeURIComponent(RD)}`, cookies: { portal_session: mira } });
const exchange = (subjectToken: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: undefined },
    payload: new URLSearchParams({
      client_id: 'open',
      client_secret: secret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: subjectToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    }).toString(),
  });
const changeAccess = (method: 'POST' | 'DELETE', action: 'grant' | 'suspend') =>
  ctx.app.inject({ method, url: `/api/admin/users/${miraId}/apps/open/${action}`, cookies: { portal_session: admin } });

describe.each([
  { change: 'suspended', act: () => changeAccess('POST', 'suspend'), reason: 'Your access to this app is suspended.' },
  { change: 'revoked', act: () => changeAccess('DELETE', 'grant'), reason: 'Your access to this app was revoked.' },
])('a player $change on an app with "Bypass UID whitelist"', ({ act, reason }) => {
  it('is admitted before, and refused by forward auth, the dashboard, sign-in and token exchange after', async () => {
    const before = await verify();
    expect(before.statusCode).toBe(200);
    const appToken = String(before.headers.authorization).replace(/^Bearer /, '');
    expect(await dashboardKeys()).toContain('open');
    expect((await loginWithSession()).headers.location).toBe(RD);
    expect((await exchange(appToken)).statusCode).toBe(200);

    expect((await act()).statusCode).toBe(200);

    expect((await verify()).statusCode).toBe(401);
    expect(await dashboardKeys()).not.toContain('open');
    // With a session the player is not let straight through: the sign-in goes to SWCombine and is refused on return.
    expect((await loginWithSession()).headers.location).not.toBe(RD);
    const { response } = await signIn(ctx, '1:100002', {}, { aud: 'open', rd: RD });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(reason);
    const refused = await exchange(appToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: `The app open no longer admits the player: ${reason}` });

    // Granting again is the way back.
    expect((await changeAccess('POST', 'grant')).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
  });
});
