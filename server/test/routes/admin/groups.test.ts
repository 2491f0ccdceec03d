import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let mira: string;
let miraId: string;
let fleetAppId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const verifyFleet = (cookie = mira) => ctx.app.inject({ url: '/auth/verify?aud=fleet', cookies: { portal_session: cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  fleetAppId = (await createAppFixture(ctx, { key: 'fleet', name: 'Fleet Ops', backchannel_logout_url: 'https://fleet.example.com/bcl' }))
    .id;
  await createAppFixture(ctx, { key: 'holonet', name: 'Holonet' });
  admin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
});
afterAll(() => ctx.close());

describe('groups an admin keeps', () => {
  it('creates, lists, renames and refuses a second group of the same name with a 409 that names it', async () => {
    const created = await call('POST', '/api/admin/groups', { name: 'Pilots', description: 'Who flies' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Pilots', kind: 'custom', faction_uid: null, member_count: 0, roster: null });
    const again = await call('POST', '/api/admin/groups', { name: 'pilots', description: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another group is already named "pilots".');
    const renamed = await call('PUT', `/api/admin/groups/${created.json().id}`, { name: 'Fighter Pilots', description: 'Who flies' });
    expect(renamed.json().name).toBe('Fighter Pilots');
    const list = (await call('GET', '/api/admin/groups')).json();
    expect(list.map((g: { name: string }) => g.name)).toContain('Fighter Pilots');
  });

  it('adds players by UID in bulk, a UID never seen becoming a user, and pages and searches the members', async () => {
    const group = (await call('POST', '/api/admin/groups', { name: 'Bulk', description: '' })).json();
    const added = await call('POST', `/api/admin/groups/${group.id}/members`, { uids: ['1:100002', '1:777001', '1:777002'] });
    // Mira signed in, so SWCombine named her; the two new UIDs are named by no sign-in and no roster: the admin is told.
    expect(added.json()).toEqual({ added: 3, already: 0, new_users: 2, unknown_to_game: ['1:777001', '1:777002'] });
    const again = await call('POST', `/api/admin/groups/${group.id}/members`, { uids: ['1:100002', '1:777003'] });
    expect(again.json()).toEqual({ added: 1, already: 1, new_users: 1, unknown_to_game: ['1:777003'] });
    const page = await call('GET', `/api/admin/groups/${group.id}/members?limit=2`);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json()).toHaveLength(2);
    const found = await call('GET', `/api/admin/groups/${group.id}/members?q=Mira`);
    expect(found.json()).toEqual([expect.objectContaining({ uid: '1:100002', name: 'Mira Solan', source: 'admin', left_at: null })]);
    const users = (await call('GET', '/api/admin/users?q=1:777001')).json();
    expect(users).toEqual([expect.objectContaining({ uid: '1:777001', name: null })]);
  });

  it('refuses what is not a UID, an empty list, and an unknown group, in words', async () => {
    const group = (await call('POST', '/api/admin/groups', { name: 'Strict', description: '' })).json();
    const bad = await call('POST', `/api/admin/groups/${group.id}/members`, { uids: ['Mira'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('UID must be a SWCombine character UID such as 1:12345');
    expect((await call('POST', `/api/admin/groups/${group.id}/members`, { uids: [] })).json().message).toContain('Give at least one UID');
    const unknown = await call('GET', '/api/admin/groups/00000000-0000-4000-8000-000000000001/members');
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/groups', undefined, mira)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/groups' })).statusCode).toBe(401);
  });
});

describe('access rules and the decision', () => {
  let opsId: string;
  beforeAll(async () => {
    opsId = (await call('POST', '/api/admin/groups', { name: 'Ops', description: '' })).json().id;
    await call('POST', `/api/admin/groups/${opsId}/members`, { uids: ['1:100002'] });
  });

  it('previews who a rule admits before saving, then admits the group’s members with its roles, scopes and groups', async () => {
    expect((await verifyFleet()).statusCode).toBe(401);
    const rules = { rules: [{ group_id: opsId, roles: ['pilot'], scopes: ['fleet:read'], grace_hours: 0 }] };
    const preview = await call('POST', `/api/admin/apps/${fleetAppId}/access-rules/preview`, rules);
    expect(preview.json()).toEqual({
      added: { count: 1, sample: [{ user_id: miraId, uid: '1:100002', name: 'Mira Solan' }] },
      removed: { count: 0, sample: [] },
    });
    // "Will Mira get in?": asked by name (or UID), the preview says what the one access rule decides now and then, and why.
    const asked = await call('POST', `/api/admin/apps/${fleetAppId}/access-rules/preview`, { ...rules, player: 'mira' });
    expect(asked.json().player).toEqual({
      query: 'mira',
      matches: [
        {
          user_id: miraId,
          uid: '1:100002',
          name: 'Mira Solan',
          now: { allowed: false, source: 'none', reason: expect.stringMatching(/^No grant, no access rule/) },
          then: { allowed: true, source: 'group Ops', reason: 'Admitted as a member of group Ops.' },
        },
      ],
    });
    expect(
      (await call('POST', `/api/admin/apps/${fleetAppId}/access-rules/preview`, { ...rules, player: '1:424242' })).json().player,
    ).toEqual({
      query: '1:424242',
      matches: [],
    });
    // The preview changed nothing.
    expect((await call('GET', `/api/admin/apps/${fleetAppId}/access-rules`)).json()).toEqual({ rules: [] });
    expect((await verifyFleet()).statusCode).toBe(401);

    const saved = await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, rules);
    expect(saved.json().rules).toEqual([
      expect.objectContaining({ group_id: opsId, roles: ['pilot'], grace_hours: 0, group: expect.objectContaining({ name: 'Ops' }) }),
    ]);
    const verified = await verifyFleet();
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['x-auth-request-roles']).toBe('pilot');
    expect(String(verified.headers['x-auth-request-groups']).split(',')).toContain('Ops');
    const jwt = JSON.parse(Buffer.from(String(verified.headers.authorization).split('.')[1]!, 'base64url').toString());
    expect(jwt).toMatchObject({ roles: ['pilot'], scp: ['fleet:read'], groups: expect.arrayContaining(['Ops']) });

    const decision = (await call('GET', `/api/admin/users/${miraId}/apps/fleet`)).json();
    expect(decision).toEqual({
      status: '',
      decision: { allowed: true, source: 'group Ops', reason: 'Admitted as a member of group Ops.' },
    });
    // Check a player, on the app page: found by name or UID, decided by the one access rule, with why.
    const checked = await call('GET', `/api/admin/apps/${fleetAppId}/player-check?player=1:100002`);
    expect(checked.json()).toEqual({
      query: '1:100002',
      matches: [
        {
          user_id: miraId,
          uid: '1:100002',
          name: 'Mira Solan',
          decision: { allowed: true, source: 'group Ops', reason: 'Admitted as a member of group Ops.' },
        },
      ],
    });
    const unasked = await call('GET', `/api/admin/apps/${fleetAppId}/player-check?player=`);
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().message).toBe('querystring.player: Player is required');
    const access = (await call('GET', `/api/admin/users/${miraId}/access`)).json();
    expect(access.find((r: { app_key: string }) => r.app_key === 'fleet').decision.source).toBe('group Ops');
    expect(
      (await ctx.app.inject({ url: '/api/apps', cookies: { portal_session: mira } })).json().map((a: { key: string }) => a.key),
    ).toContain('fleet');
  });

  it('lets a suspension win over the rule, and a grant name itself as the source', async () => {
    await call('POST', `/api/admin/users/${miraId}/apps/fleet/suspend`);
    expect((await call('GET', `/api/admin/users/${miraId}/apps/fleet`)).json().decision).toMatchObject({
      allowed: false,
      source: 'suspended',
    });
    expect((await verifyFleet()).statusCode).toBe(401);
    const granted = await call('POST', `/api/admin/users/${miraId}/apps/fleet/grant`);
    expect(granted.json()).toMatchObject({ status: 'active', decision: { allowed: true, source: 'grant' } });
    await ctx.deps.db.query('DELETE FROM user_app_access WHERE user_id = $1', [miraId]);
  });

  it('ends what the rule gave a removed member at once: forward auth refuses and the app is told', async () => {
    expect((await verifyFleet()).statusCode).toBe(200);
    ctx.sentJobs.length = 0;
    const removed = await call('DELETE', `/api/admin/groups/${opsId}/members/${miraId}`);
    expect(removed.statusCode).toBe(204);
    expect((await verifyFleet()).statusCode).toBe(401);
    expect(ctx.sentJobs.map((j) => j.name)).toEqual(['backchannel-logout']);
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'group_member_removed' ORDER BY id DESC LIMIT 1");
    expect(audited.rows[0]!.details).toMatchObject({ group: 'Ops', apps_ended: ['Fleet Ops'] });
  });

  it('previews and saves rules that stop admitting players, ending their access', async () => {
    await call('POST', `/api/admin/groups/${opsId}/members`, { uids: ['1:100002'] });
    expect((await verifyFleet()).statusCode).toBe(200);
    const none = { rules: [] };
    const preview = (await call('POST', `/api/admin/apps/${fleetAppId}/access-rules/preview`, none)).json();
    expect(preview.removed).toEqual({ count: 1, sample: [expect.objectContaining({ uid: '1:100002' })] });
    await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, none);
    expect((await verifyFleet()).statusCode).toBe(401);
  });

  it('refuses a rule naming no group, two rules for one group, and rules on the portal, in words', async () => {
    const unknown = await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, {
      rules: [{ group_id: '00000000-0000-4000-8000-000000000002' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('No group with the id 00000000-0000-4000-8000-000000000002');
    const twice = await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, { rules: [{ group_id: opsId }, { group_id: opsId }] });
    expect(twice.json().message).toContain('Each group may have one rule per app');
    const grace = await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, { rules: [{ group_id: opsId, grace_hours: -1 }] });
    expect(grace.json().message).toContain('grace_hours must be at least 0');
    const portalId = (await ctx.deps.db.query("SELECT id FROM apps WHERE key = 'portal'")).rows[0].id;
    const portal = await call('PUT', `/api/admin/apps/${portalId}/access-rules`, { rules: [] });
    expect(portal.json().message).toBe('The portal admits every player: it takes no access rules.');
  });
});

describe('faction groups', () => {
  it('are made when a member signs in, listed with their faction UID, and refuse changes of membership with a 409', async () => {
    const groups = (await call('GET', '/api/admin/groups')).json();
    const gws = groups.find((g: { kind: string }) => g.kind === 'faction');
    expect(gws).toMatchObject({
      name: 'Galactic Weapon Systems',
      faction_uid: '20:2400',
      member_count: 1,
      roster: { read_at: null, error: null, readable: false },
    });
    const add = await call('POST', `/api/admin/groups/${gws.id}/members`, { uids: ['1:100002', '1:424299'] });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toContain('The game keeps this faction’s members');
    // Refused as a whole: the UID never seen did not become a user.
    expect((await ctx.deps.db.query(`SELECT 1 FROM users WHERE uid = '1:424299'`)).rows).toEqual([]);
    expect((await call('DELETE', `/api/admin/groups/${gws.id}`)).statusCode).toBe(409);
    const jorin = await userIdOf(ctx, '1:100001');
    expect((await call('GET', `/api/admin/users/${jorin}/groups`)).json()).toEqual([
      expect.objectContaining({ name: 'Galactic Weapon Systems', kind: 'faction', source: 'sign-in', left_at: null }),
    ]);
  });

  it('admit through a faction rule, and a move to another faction at the next sign-in ends it', async () => {
    const gws = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400');
    await call('PUT', `/api/admin/apps/${fleetAppId}/access-rules`, { rules: [{ group_id: gws.id, roles: ['gws'] }] });
    ctx.sim.population.move('1:100002', '20:2400');
    ctx.clock.advance(25 * 3600_000); // the stored profile is a day old: the next sign-in reads it again
    admin = (await signIn(ctx, '1:100001')).cookie;
    const moved = (await signIn(ctx, '1:100002')).cookie;
    expect((await verifyFleet(moved)).headers['x-auth-request-roles']).toBe('gws');
    expect((await call('GET', `/api/admin/users/${miraId}/apps/fleet`)).json().decision.source).toBe('faction Galactic Weapon Systems');

    ctx.sim.population.move('1:100002', '20:7');
    ctx.clock.advance(25 * 3600_000);
    admin = (await signIn(ctx, '1:100001')).cookie;
    const again = (await signIn(ctx, '1:100002')).cookie;
    expect((await verifyFleet(again)).statusCode).toBe(401);
    const left = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'group_left' AND user_id = $1", [miraId]);
    expect(left.rows.at(-1)!.details).toEqual({ group: 'Galactic Weapon Systems', apps_ended: ['Fleet Ops'] });
    const mine = (await call('GET', `/api/admin/users/${miraId}/groups`)).json();
    expect(mine.map((g: { name: string; left_at: string | null }) => [g.name, g.left_at === null])).toEqual(
      expect.arrayContaining([
        ['Galactic Empire', true],
        ['Galactic Weapon Systems', false],
      ]),
    );
  });
});
