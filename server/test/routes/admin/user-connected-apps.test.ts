import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * An admin ends what a player's apps hold: a bot with the player's 30-day offline_access refresh token
 * keeps getting tokens after the player's sessions end, until an admin disconnects it here.
 */
const BACKCHANNEL = 'https://wiki.example.com/oidc/backchannel';
let ctx: TestContext;
let admin: string;
let secret: string;
let miraId: string;

type Method = 'GET' | 'DELETE';
const asAdmin = (method: Method, url: string) => ctx.app.inject({ method, url, cookies: { portal_session: admin } });
const refresh = (token: string) =>
  postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: token }, { authorization: basic('wiki', secret) });
const backchannelJobs = () => ctx.sentJobs.filter((j) => j.name === 'backchannel-logout');
const auditOf = async (event: string) =>
  (
    await ctx.deps.db.query<{ app_key: string; actor_id: string; user_id: string }>(
      'SELECT app_key, actor_id, user_id FROM audit_log WHERE event = $1 ORDER BY id',
      [event],
    )
  ).rows;

/** Mira signs in to the wiki with offline_access, as a bot acting for her would: its refresh token. */
async function miraConnectsWiki(): Promise<string> {
  const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  const flow = await authorize(ctx, jar, { scope: 'openid profile offline_access' });
  const tokens = (await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) })).json();
  expect(tokens.refresh_token, JSON.stringify(tokens)).toEqual(expect.any(String));
  return tokens.refresh_token as string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, {
    key: 'wiki',
    name: 'Wiki',
    audience: 'https://wiki.example.com',
    redirect_urls: [WIKI_REDIRECT],
    skip_uid_whitelist: true,
    backchannel_logout_url: BACKCHANNEL,
  });
  admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, wiki.id);
  await signIn(ctx, '1:100002');
  miraId = await userIdOf(ctx, '1:100002');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.sentJobs.length = 0;
  await ctx.deps.db.query(`DELETE FROM audit_log WHERE event = 'app_disconnected'`);
});

describe("a user's connected apps, for an admin", () => {
  it('lists the apps holding a grant for the player, as Your account does', async () => {
    await miraConnectsWiki();
    const res = await asAdmin('GET', `/api/admin/users/${miraId}/connected-apps`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ key: 'wiki', name: 'Wiki', offline: true })]);
    expect((await asAdmin('GET', '/api/admin/users/00000000-0000-4000-8000-000000000009/connected-apps')).statusCode).toBe(404);
  });

  it("Disconnect ends the bot's refresh token, tells the app, and is audited naming the admin", async () => {
    const held = await miraConnectsWiki();
    expect((await refresh(held)).statusCode).toBe(200);
    const res = await asAdmin('DELETE', `/api/admin/users/${miraId}/connected-apps/wiki`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await refresh(held)).json().error).toBe('invalid_grant');
    expect(backchannelJobs().length).toBeGreaterThan(0);
    expect((await asAdmin('GET', `/api/admin/users/${miraId}/connected-apps`)).json()).toEqual([]);
    const [row] = await auditOf('app_disconnected');
    expect(row).toMatchObject({ app_key: 'wiki', user_id: miraId, actor_id: await userIdOf(ctx, '1:100001') });

    const again = await asAdmin('DELETE', `/api/admin/users/${miraId}/connected-apps/wiki`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No app with the key "wiki" is connected to this user.');
  });

  it('End all sessions leaves the apps connected unless asked; asked, it disconnects them too', async () => {
    const held = await miraConnectsWiki();
    const kept = await asAdmin('DELETE', `/api/admin/users/${miraId}/sessions`);
    expect(kept.json()).toEqual({ ended: expect.any(Number) });
    const next = (await refresh(held)).json();
    expect(next.refresh_token, JSON.stringify(next)).toEqual(expect.any(String));

    await signIn(ctx, '1:100002');
    const res = await asAdmin('DELETE', `/api/admin/users/${miraId}/sessions?disconnect_apps=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1, apps_disconnected: 1 });
    expect((await refresh(next.refresh_token)).json().error).toBe('invalid_grant');
    expect((await asAdmin('GET', `/api/admin/users/${miraId}/connected-apps`)).json()).toEqual([]);
    expect((await auditOf('app_disconnected')).map((r) => r.app_key)).toEqual(['wiki']);
  });

  it('refuses a disconnect_apps that is not true or false in words', async () => {
    const res = await asAdmin('DELETE', `/api/admin/users/${miraId}/sessions?disconnect_apps=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('disconnect_apps must be true or false');
  });
});
