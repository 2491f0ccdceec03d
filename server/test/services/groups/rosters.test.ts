import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyGraceEnds } from '../../../src/services/groups/grace-ends.ts';
import { membersPages } from '../../../src/integrations/swcombine/faction-members.ts';
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

/** Moves a character in the game through the simulator's control API. */
async function moveInGame(uid: string, faction: string | null): Promise<void> {
  const moved = await fetch(`${ctx.simulatorUrl}/sim/characters/${uid}/faction`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faction }),
  });
  expect(moved.status).toBe(200);
}

/** Reads the rosters now, running `afterPage` after each page of a member list SWCombine answered. */
async function readWhile(afterPage: (page: number) => Promise<void>) {
  const webService = ctx.deps.swc.webService;
  let pages = 0;
  ctx.deps.swc.webService = (async (opts: Parameters<typeof webService>[0]) => {
    const answer = await webService(opts);
    if (opts.path.endsWith('/members')) await afterPage(++pages);
    return answer;
  }) as typeof webService;
  try {
    return { result: await readDueRosters(ctx.deps, { force: true }), pages };
  } finally {
    ctx.deps.swc.webService = webService;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  fleetId = (await createAppFixture(ctx, { key: 'fleet', name: 'Fleet Ops', backchannel_logout_url: 'https://fleet.example.com/bcl' })).id;
  admin = (await signIn(ctx, '1:100001')).cookie;
  await connectRosterBinding(ctx, admin, '1:100001');
  gwsId = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400').id;
});
afterAll(() => ctx.close());

describe('reading a faction roster', () => {
  it('reads all 2,000 members in pages of 200 that overlap by one (11 requests), as background calls, and keeps when it read them', async () => {
    expect(await roster()).toMatchObject({ read_at: null, readable: true });
    const before = requests();
    expect(await readDueRosters(ctx.deps)).toEqual({ read: ['20:2400'], failed: [] });
    expect(requests() - before).toBe(11);
    expect(membersPages(2000)).toBe(11);
    const group = (await call('GET', '/api/admin/groups')).json().find((g: { id: string }) => g.id === gwsId);
    expect(group.member_count).toBe(2000);
    expect(group.roster).toMatchObject({ read_at: ctx.clock.now().toISOString(), error: null, finished_at: ctx.clock.now().toISOString() });
    // Not due again for ROSTER_INTERVAL_MIN (15) minutes.
    expect(await readDueRosters(ctx.deps)).toEqual({ read: [], failed: [] });
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await readDueRosters(ctx.deps)).read).toEqual(['20:2400']);
  });

  it('never takes out the member at a page boundary when someone leaves between two page reads; the one who left leaves', async () => {
    await call('PUT', `/api/admin/apps/${fleetId}/access-rules`, { rules: [{ group_id: gwsId, roles: ['pilot'] }] });
    await readDueRosters(ctx.deps, { force: true });
    const members = ctx.sim.population.members('20:2400');
    // Page 1 holds members 1–200; the 201st opens page 2, where a leave among the first 200 would skip it.
    const [leaver, boundary] = [members[5]!.uid, members[200]!.uid];
    const [leaverId, boundaryId] = [await userIdOf(ctx, leaver), await userIdOf(ctx, boundary)];
    const decision = async (id: string) => (await call('GET', `/api/admin/users/${id}/apps/fleet`)).json().decision;
    expect(await decision(boundaryId)).toMatchObject({ allowed: true });

    // The game moves a player out of the faction right after the first page is read.
    ctx.sentJobs.length = 0;
    const { result, pages } = await readWhile(async (page) => {
      if (page === 1) await moveInGame(leaver, null);
    });
    expect(result).toEqual({ read: ['20:2400'], failed: [] });

    const member = async (uid: string) => (await call('GET', `/api/admin/groups/${gwsId}/members?q=${uid}`)).json()[0];
    expect(await member(boundary)).toMatchObject({ uid: boundary, left_at: null });
    expect(await decision(boundaryId)).toMatchObject({ allowed: true });
    const boundaryLeft = await ctx.deps.db.query("SELECT 1 FROM audit_log WHERE event = 'group_left' AND user_id = $1", [boundaryId]);
    expect(boundaryLeft.rowCount).toBe(0);
    // The one who really left is out at this read, confirmed by a second whole read.
    expect(await member(leaver)).toMatchObject({ left_at: ctx.clock.now().toISOString() });
    expect(await decision(leaverId)).toMatchObject({ allowed: false });
    // Two pages of the read the list moved under, a whole read again, and the read that confirmed the leave.
    expect(pages).toBe(2 + 2 * membersPages(1999));
    ctx.sim.population.move(leaver, '20:2400');
  });

  it('changes nobody when the list keeps moving under three reads in a row, and says so on the group', async () => {
    const before = (await call('GET', `/api/admin/groups/${gwsId}/members?limit=1`)).headers['x-total-count'];
    const joiner = '1:100003';
    // A player joins between the first two pages of every read, then leaves again before the next read.
    const { result, pages } = await readWhile(async (page) => {
      if (page % 2 === 1) await moveInGame(joiner, '20:2400');
      else await moveInGame(joiner, null);
    });
    expect(result).toEqual({ read: [], failed: ['20:2400'] });
    expect(pages).toBe(6);
    expect((await roster()).error).toMatch(
      /^The member list changed while it was read, 3 times in a row \(its total went from \d+ to \d+\), so nobody's membership changed; it is read again when next due\.$/,
    );
    expect((await call('GET', `/api/admin/groups/${gwsId}/members?limit=1`)).headers['x-total-count']).toBe(before);
    expect((await readDueRosters(ctx.deps, { force: true })).read).toEqual(['20:2400']);
    expect((await roster()).error).toBeNull();
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

  it('names a player an admin added by UID once a roster lists them', async () => {
    const newcomer = ctx.sim.population.named.find((c) => c.faction?.uid !== '20:2400' && !['1:100001', '1:100002'].includes(c.uid))!;
    const added = await call('POST', '/api/admin/users', { uid: newcomer.uid });
    expect(added.json()).toMatchObject({ uid: newcomer.uid, name: null });
    ctx.sim.population.move(newcomer.uid, '20:2400');
    await readDueRosters(ctx.deps, { force: true });
    expect((await call('GET', `/api/admin/users/${added.json().id}`)).json()).toMatchObject({ uid: newcomer.uid, name: newcomer.name });
    ctx.sim.population.move(newcomer.uid, newcomer.faction?.uid ?? null);
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
    // The read has ended, so "Read rosters now" can tell the admin why, not only that it was asked for.
    expect(group.roster.finished_at).toBe(ctx.clock.now().toISOString());
    ctx.sim.population.move('1:100001', '20:2400');
  });

  it('answers an admin’s "Read rosters now" and queues the read', async () => {
    const res = await call('POST', '/api/admin/groups/refresh');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 1, message: 'Reading 1 faction roster now.', requested_at: ctx.clock.now().toISOString() });
    expect(ctx.sentJobs.at(-1)).toEqual({ name: 'faction-roster-read', data: { force: true } });
  });
});
