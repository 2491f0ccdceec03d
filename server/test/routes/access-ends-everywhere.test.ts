import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { userIdOf } from '../helpers/groups.ts';
import { heldOnWiki } from '../helpers/held-on-wiki.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm, WIKI_REDIRECT } from '../helpers/oidc.ts';
import { signIn, signOut } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * Every way access ends goes through one function: whatever ended it, the next request is refused
 * by forward auth, userinfo, introspection, the token endpoint (refresh, a code not yet redeemed),
 * and the app is told by back-channel logout where it was used.
 */
const BACKCHANNEL = 'https://wiki.example.com/oidc/backchannel';

let ctx: TestContext;
let admin: string;
let appId: string;
let miraId: string;
let secret: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const app = await createAppFixture(ctx, {
    key: 'wiki',
    audience: 'https://wiki.example.com',
    url: 'https://wiki.example.com/',
    redirect_urls: [WIKI_REDIRECT],
    skip_uid_whitelist: true,
    backchannel_logout_url: BACKCHANNEL,
  });
  appId = app.id;
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

const adminCall = (method: 'POST' | 'DELETE', url: string) => ctx.app.inject({ method, url, cookies: { portal_session: admin } });

const wiki = heldOnWiki(
  () => ctx,
  () => secret,
);
const { verify, userinfo, introspect, refresh, backchannelSids, expectSessionTokensEnded, expectEverythingOnTheAppEnded } = wiki;

/** Mira as the wiki holds her (a portal session, forward auth, session and offline tokens, a code in flight). */
async function miraEverywhere() {
  const held = await wiki.miraEverywhere();
  miraId = await userIdOf(ctx, '1:100002');
  return held;
}

beforeEach(async () => {
  secret = await createClientSecret(ctx, admin, appId);
  // A player whose access an earlier case ended is admitted again (by the app's bypass).
  await ctx.deps.db.query('DELETE FROM user_app_access');
});

describe('ending sessions: what lasts as long as the session ends with it, everywhere at once', () => {
  it("the player's own sign-out", async () => {
    const held = await miraEverywhere();
    const res = await signOut(ctx, held.session);
    expect(res.statusCode).toBe(303);
    expect((await verify(held)).statusCode).toBe(401);
    await expectSessionTokensEnded(held);
    expect(backchannelSids()).toEqual([held.sid]);
  });

  it("an admin's End session", async () => {
    const held = await miraEverywhere();
    expect((await adminCall('DELETE', `/api/admin/users/${miraId}/sessions/${held.sid}`)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: held.session } })).statusCode).toBe(401);
    expect((await verify(held)).statusCode).toBe(401);
    await expectSessionTokensEnded(held);
    expect(backchannelSids()).toEqual([held.sid]);
    const audited = await ctx.deps.db.query(
      "SELECT details FROM audit_log WHERE event = 'session_ended_by_admin' ORDER BY created_at DESC",
    );
    expect(audited.rows[0]!.details).toMatchObject({ sid: held.sid, apps_notified: ['wiki'] });
  });

  it("an admin's End all sessions", async () => {
    const held = await miraEverywhere();
    const res = await adminCall('DELETE', `/api/admin/users/${miraId}/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await verify(held)).statusCode).toBe(401);
    await expectSessionTokensEnded(held);
    expect(backchannelSids()).toContain(held.sid);
  });

  it('keeps an offline_access grant: it is meant to outlast the session, until the app or an admin ends it', async () => {
    const held = await miraEverywhere();
    expect((await adminCall('DELETE', `/api/admin/users/${miraId}/sessions/${held.sid}`)).statusCode).toBe(204);
    expect((await refresh(held.refreshToken)).statusCode).toBe(200);
  });

  it('ends only the session named: another session of the player goes on', async () => {
    const held = await miraEverywhere();
    const other = (await signIn(ctx, '1:100002')).cookie;
    expect((await adminCall('DELETE', `/api/admin/users/${miraId}/sessions/${held.sid}`)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: other } })).statusCode).toBe(200);
  });
});

describe("ending a player's access to the app: everything the player holds on it ends, the portal session goes on", () => {
  it.each([
    { end: 'a suspension', act: () => adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/suspend`) },
    { end: 'a revocation', act: () => adminCall('DELETE', `/api/admin/users/${miraId}/apps/wiki/grant`) },
  ])('$end', async ({ act }) => {
    const held = await miraEverywhere();
    expect((await act()).statusCode).toBe(200);
    expect((await verify(held)).statusCode).toBe(401);
    await expectEverythingOnTheAppEnded(held);
    expect(backchannelSids()).toEqual([held.sid]);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: held.session } })).statusCode).toBe(200);
  });
});

describe('ending one grant', () => {
  it('a replayed code ends the grant it made, and the access token it issued is refused at once by userinfo', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    const flow = await authorize(ctx, jar, { scope: 'openid profile' });
    const first = await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) });
    const accessToken = first.json().access_token as string;
    expect((await userinfo(accessToken)).statusCode).toBe(200); // kept for 30 s
    const replay = await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) });
    expect(replay.json().error).toBe('invalid_grant');
    expect((await userinfo(accessToken)).statusCode).toBe(401);
    expect((await introspect(accessToken)).json()).toEqual({ active: false });
  });

  it('a replayed refresh token ends its grant: the access tokens it issued too', async () => {
    const held = await miraEverywhere();
    const rotated = (await refresh(held.refreshToken)).json();
    expect((await userinfo(rotated.access_token)).statusCode).toBe(200);
    expect((await refresh(held.refreshToken)).json().error).toBe('invalid_grant');
    expect((await userinfo(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('a refresh token revoked by its app ends its grant, and userinfo refuses its access tokens at once', async () => {
    const held = await miraEverywhere();
    const res = await postForm(ctx, '/oidc/revoke', { token: held.refreshToken }, { authorization: basic('wiki', secret) });
    expect(res.statusCode).toBe(200);
    expect((await userinfo(held.offlineAccessToken)).statusCode).toBe(401);
    expect((await userinfo(held.accessToken)).statusCode).toBe(401); // one grant per player and app
    expect((await refresh(held.refreshToken)).json().error).toBe('invalid_grant');
    // The portal session is not the app's to end.
    expect((await verify(held)).statusCode).toBe(200);
  });
});

describe("ending an app's clients", () => {
  it("removing the app's client secret ends what was issued with it; forward auth is not OpenID Connect and goes on", async () => {
    const held = await miraEverywhere();
    expect((await adminCall('DELETE', `/api/admin/apps/${appId}/client-secret`)).statusCode).toBe(204);
    // The app is a public client now: its tokens are checked as a public client's would be.
    expect((await userinfo(held.accessToken)).statusCode).toBe(401);
    expect((await userinfo(held.offlineAccessToken)).statusCode).toBe(401);
    expect((await refresh(held.refreshToken)).json().error).toBe('invalid_client');
    expect(
      (await postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: held.refreshToken, client_id: 'wiki' })).json()
        .error,
    ).toBe('invalid_grant');
    expect((await verify(held)).statusCode).toBe(200);
    expect(backchannelSids()).toContain(held.sid); // and every other live session that signed in to it
  });

  it('deleting the app ends everything on it, and still tells it', async () => {
    const held = await miraEverywhere();
    expect((await adminCall('DELETE', `/api/admin/apps/${appId}`)).statusCode).toBe(204);
    expect((await verify(held)).statusCode).toBe(401);
    expect((await userinfo(held.accessToken)).statusCode).toBe(401);
    expect((await userinfo(held.offlineAccessToken)).statusCode).toBe(401);
    // Every live session that used it (an earlier case's too) is told, with the app as it was registered.
    expect(backchannelSids()).toContain(held.sid);
    for (const job of ctx.sentJobs) {
      expect(job.data).toMatchObject({ app: { key: 'wiki', audience: 'https://wiki.example.com', backchannel_logout_url: BACKCHANNEL } });
    }
    // The next cases need the app again.
    const again = await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      url: 'https://wiki.example.com/',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
      backchannel_logout_url: BACKCHANNEL,
    });
    appId = again.id;
  });
});
