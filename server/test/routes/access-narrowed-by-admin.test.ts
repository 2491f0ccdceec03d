import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { userIdOf } from '../helpers/groups.ts';
import { heldOnWiki, type HeldOnWiki } from '../helpers/held-on-wiki.ts';
import { createClientSecret, WIKI_REDIRECT } from '../helpers/oidc.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * An admin's change that narrows who may use an app (the Bypass UID whitelist or Allow global admins
 * turned off, a central role revoked) ends, through the one way access ends, what the players it no
 * longer admits hold on the app, and the app is told by back-channel logout. (Groups and rules:
 * admin/groups.test.ts.)
 */
let ctx: TestContext;
let admin: string;
let appId: string;
let miraId: string;
let secret: string;

const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const wiki = heldOnWiki(
  () => ctx,
  () => secret,
);

/** An admin saves the app with these settings changed (App Catalog's form sends the whole app). */
async function changeApp(changes: Record<string, unknown>) {
  const app = (await adminCall('GET', '/api/admin/apps')).json().find((a: { id: string }) => a.id === appId);
  const res = await adminCall('PUT', `/api/admin/apps/${appId}`, { ...app, ...changes });
  expect(res.statusCode, res.body).toBe(200);
}

/** Mira's central role on the portal app (`admin` makes her a global admin). */
async function portalRole(action: 'grant' | 'revoke', value: string) {
  const portal = (await ctx.deps.db.query<{ id: string }>("SELECT id FROM apps WHERE key = 'portal'")).rows[0]!.id;
  const res = await adminCall('POST', `/api/admin/roles/${action}`, { userId: miraId, appId: portal, value });
  expect(res.statusCode, res.body).toBe(200);
}

async function expectMiraLostTheApp(held: HeldOnWiki) {
  expect((await wiki.verify(held)).statusCode).toBe(401);
  await wiki.expectEverythingOnTheAppEnded(held);
  expect(wiki.backchannelSids()).toEqual([held.sid]);
  // The portal session goes on.
  expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: held.session } })).statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
  appId = (
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      url: 'https://wiki.example.com/',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
      backchannel_logout_url: 'https://wiki.example.com/oidc/backchannel',
    })
  ).id;
  admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, appId);
  await signIn(ctx, '1:100002');
  miraId = await userIdOf(ctx, '1:100002');
});
afterAll(() => ctx.close());

describe('an admin’s change that narrows who may use the app ends what those it no longer admits hold', () => {
  it('turning the Bypass UID whitelist off', async () => {
    const held = await wiki.miraEverywhere();
    await changeApp({ skip_uid_whitelist: false });
    await expectMiraLostTheApp(held);
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'app_updated' ORDER BY id DESC LIMIT 1");
    expect(audited.rows[0]!.details).toMatchObject({
      before: { skip_uid_whitelist: true },
      after: { skip_uid_whitelist: false },
      players_who_lost_access: 1,
    });
    await changeApp({ skip_uid_whitelist: true });
  });

  describe('Mira admitted as a global admin (the central role admin on the portal)', () => {
    beforeEach(async () => {
      await changeApp({ skip_uid_whitelist: false, allow_global_admin: true });
      await portalRole('grant', 'admin');
    });
    afterEach(async () => {
      await changeApp({ skip_uid_whitelist: true, allow_global_admin: false });
      await portalRole('revoke', 'admin');
    });

    it('turning Allow global admins off', async () => {
      const held = await wiki.miraEverywhere();
      await changeApp({ allow_global_admin: false });
      await expectMiraLostTheApp(held);
    });

    it('revoking her central role admin', async () => {
      const held = await wiki.miraEverywhere();
      await portalRole('revoke', 'admin');
      await expectMiraLostTheApp(held);
      const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'role_revoked' ORDER BY id DESC LIMIT 1");
      expect(audited.rows[0]!.details).toMatchObject({ value: 'admin', apps_ended: ['Wiki'] });
    });

    it('a change that takes nothing from her ends nothing', async () => {
      const held = await wiki.miraEverywhere();
      await changeApp({ name: 'The Wiki' });
      await portalRole('grant', 'editor');
      expect((await wiki.verify(held)).statusCode).toBe(200);
      expect((await wiki.refresh(held.refreshToken)).statusCode).toBe(200);
      expect(wiki.backchannelSids()).toEqual([]);
      await changeApp({ name: 'Wiki' });
      await portalRole('revoke', 'editor');
    });
  });
});
