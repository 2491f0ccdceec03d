import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyGraceEnds } from '../../../src/services/groups/grace-ends.ts';
import { readDueRosters } from '../../../src/services/groups/rosters.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { connectRosterBinding, userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/** Access that follows the game: the faction's member list, read from SWCombine, decides who is in. */
let ctx: TestContext;
let admin: string;
let gwsId: string;
let fleetId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const verifyFleet = (cookie: string) => ctx.app.inject({ url: '/auth/verify?aud=fleet', cookies: { portal_session: cookie } });
const requests = () => ctx.sim.stats().requests;
const roster = async () => (await call('GET', '/api/admin/groups')).json().find((g: { id: string }) => g.id === gwsId).roster;

beforeAll(async () => {
  ctx = await createTestApp();
  fleetId = (await createAppFixture(ctx, { key: 'fleet', name: 'Fleet Ops', backchannel_logout_url: 'https://fleet.example.com/bcl' })).id;
  admin = (await signIn(ctx, '1:100001')).cookie;
  await connectRosterBinding(ctx, admin, '1:100001');
  gwsId = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400').id;
});
afterAll(() => ctx.close());

describe('reading a faction roster', () => {
  it('reads all 2,000 members in ⌈2000 / 200⌉ requests, as background calls, and keeps when it read them', async () => {
    expect(await roster()).toMatchObject({ read_at: null, readable: true });
    const before = requests();
    expect(await readDueRosters(ctx.deps)).toEqual({ read: ['20:2400'], failed: [] });
    expect(requests() - before).toBe(10);
    const group = (await call('GET', '/api/admin/groups')).json().find((g: { id: string }) => g.id === gwsId);
    expect(group.member_count).toBe(2000);
    expect(group.roster).toMatchObject({ read_at: ctx.clock.now().toISOString(), error: null });
    // Not due again for ROSTER_INTERVAL_MIN (15) minutes.
    expect(await readDueRosters(ctx.deps)).toEqual({ read: [], failed: [] });
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await readDueRosters(ctx.deps)).read).toEqual(['20:2400']);
  });

  it('admits a player who joins at the next request after the read, and ends it everywhere when they leave', async () => {
    await call('PUT', `/api/admin/apps/${fleetId}/access-rules`, { rules: [{ group_id: gwsId, roles: ['pilot'] }] });
    const mira = (await signIn(ctx, '1:100002')).cookie;
    expect((await verifyFleet(mira)).statusCode).toBe(401);

    ctx.sim.population.move('1:100002', '20:2400');
    await readDueRosters(ctx.deps, { force: true });
    expect((await verifyFleet(mira)).headers['x-auth-request-roles']).toBe('pilot');

    ctx.sentJobs.length = 0;
    ctx.sim.population.move('1:100002', null);
    await readDueRosters(ctx.deps, { force: true });
    expect((await verifyFleet(mira)).statusCode).toBe(401);
    expect(ctx.sentJobs.map((j) => j.name)).toEqual(['backchannel-logout']);
    const miraId = await userIdOf(ctx, '1:100002');
    const audit = await call('GET', `/api/admin/users/${miraId}/audit`);
    expect(audit.json().find((e: { event: string }) => e.event === 'group_left').details).toEqual({
      group: 'Galactic Weapon Systems',
      apps_ended: ['Fleet Ops'],
    });
  });

  it('keeps a leaving player admitted for a rule’s grace period, shown on their row, then ends it', async () => {
    await call('PUT', `/api/admin/apps/${fleetId}/access-rules`, { rules: [{ group_id: gwsId, grace_hours: 2 }] });
    ctx.sim.population.move('1:100003', '20:2400');
    await readDueRosters(ctx.deps, { force: true });
    const player = (await signIn(ctx, '1:100003')).cookie;
    expect((await verifyFleet(player)).statusCode).toBe(200);

    ctx.sim.population.move('1:100003', '20:7');
    await readDueRosters(ctx.deps, { force: true });
    expect((await verifyFleet(player)).statusCode).toBe(200);
    const rows = (await call('GET', `/api/admin/groups/${gwsId}/members?q=1:100003`)).json();
    expect(rows[0].left_at).toBe(ctx.clock.now().toISOString());
    const id = await userIdOf(ctx, '1:100003');
    expect((await call('GET', `/api/admin/users/${id}/apps/fleet`)).json().decision.reason).toMatch(
      /^Admitted through faction Galactic Weapon Systems until /,
    );

    ctx.clock.advance(2 * 3600_000);
    await applyGraceEnds(ctx.deps);
    expect((await verifyFleet(player)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/groups/${gwsId}/members?q=1:100003`)).json()).toEqual([]);
    const ended = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'group_left' AND user_id = $1 ORDER BY id", [id]);
    expect(ended.rows.map((r) => r.details)).toEqual([
      { group: 'Galactic Weapon Systems', apps_ended: [] },
      { group: 'Galactic Weapon Systems', apps_ended: ['Fleet Ops'], grace_ended: true },
    ]);
  });

  it('changes nobody’s membership when the read fails (a refusal is not an empty roster), and says why', async () => {
    const before = (await call('GET', '/api/admin/groups')).json().find((g: { id: string }) => g.id === gwsId).member_count;
    ctx.sim.population.move('1:100001', '20:7'); // the binding's character leaves the faction
    expect(await readDueRosters(ctx.deps, { force: true })).toEqual({ read: [], failed: ['20:2400'] });
    const group = (await call('GET', '/api/admin/groups')).json().find((g: { id: string }) => g.id === gwsId);
    expect(group.member_count).toBe(before);
    expect(group.roster.error).toMatch(/^SWCombine refused the binding's token .*connect the binding again on SWC Integration\.$/);
    ctx.sim.population.move('1:100001', '20:2400');
  });

  it('answers an admin’s "Read rosters now" and queues the read', async () => {
    const res = await call('POST', '/api/admin/groups/refresh');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 1, message: 'Reading 1 faction roster now.' });
    expect(ctx.sentJobs.at(-1)).toEqual({ name: 'faction-roster-read', data: { force: true } });
  });
});
