import { seededRoleIds } from '@portal/discord-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISCORD_MEMBER_JOB } from '../../../src/services/discord/member-jobs.ts';
import { updateDiscordMember } from '../../../src/services/discord/member-update.ts';
import { readDueRosters } from '../../../src/services/groups/rosters.ts';
import { linkDiscord, simulatorConnection } from '../../helpers/discord.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { connectRosterBinding, userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * The community's Discord follows the portal's own word on a player: a suspension or revocation on
 * the portal app bars them (no managed role, or out of the server with on_leave "kick"), an End all
 * reaches Discord too, and the reconcile removes a linked leaver from the server with "kick".
 */
let ctx: TestContext;
let admin: string;
let mira: string;
let miraId: string;
const GWS = seededRoleIds['Galactic Weapon Systems']!;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const heldBy = (username: string) => ctx.discord.member(username).roles.map((r) => r.name);
const queuedFor = () => ctx.sentJobs.filter((j) => j.name === DISCORD_MEMBER_JOB).map((j) => (j.data as { userId: string }).userId);
const connect = (on_leave: 'remove_roles' | 'kick') =>
  call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), on_leave, nickname: '{name}', reconcile: 'fix' });

/** Runs the Discord updates the app queued, as the job system would (once each), and forgets them. */
async function runDiscordJobs(): Promise<number> {
  const userIds = queuedFor();
  ctx.sentJobs.length = 0;
  for (const userId of userIds) await updateDiscordMember(ctx.deps, userId);
  return userIds.length;
}

async function auditValues(userId: string): Promise<string[]> {
  const { rows } = await ctx.deps.db.query<{ details: { value: string } }>(
    "SELECT details FROM audit_log WHERE event = 'discord_roles_changed' AND user_id = $1 ORDER BY created_at",
    [userId],
  );
  return rows.map((r) => r.details.value);
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
  await connectRosterBinding(ctx, admin, '1:100001');
  const gws = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400').id;
  expect((await connect('remove_roles')).statusCode).toBe(200);
  expect((await call('PUT', '/api/admin/discord/role-rules', { rules: [{ group_id: gws, role_id: GWS }] })).statusCode).toBe(200);
  ctx.sim.population.move('1:100002', '20:2400');
  await readDueRosters(ctx.deps, { force: true });
  await linkDiscord(ctx, mira, 'mira.solan');
  ctx.sentJobs.length = 0;
});
afterAll(() => ctx.close());
beforeEach(() => void (ctx.sentJobs.length = 0));

describe('a suspension on the portal app bars the player from the community’s Discord', () => {
  it('Mira starts in the faction, linked, holding its role', () => {
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
  });

  it('suspending her on the portal queues her update, and the job takes the managed role, saying why', async () => {
    expect((await call('POST', `/api/admin/users/${miraId}/apps/portal/suspend`)).statusCode).toBe(200);
    expect(queuedFor()).toEqual([miraId]);
    await runDiscordJobs();
    expect(heldBy('mira.solan')).toEqual([]);
    expect(ctx.discord.member('mira.solan').in_guild).toBe(true);
    expect((await auditValues(miraId)).at(-1)).toBe('mira.solan: roles Galactic Weapon Systems taken (suspended on the portal)');
  });

  it('the reconcile and the rules’ preview agree: a suspended player is owed no role', async () => {
    ctx.discord.putMember('mira.solan', { roles: ['Galactic Weapon Systems'] });
    const preview = (await call('POST', '/api/admin/discord/reconcile/preview')).json();
    expect(preview.remove.sample).toContain('mira.solan: Galactic Weapon Systems');
    expect(preview.add.count).toBe(0);
    await call('POST', '/api/admin/discord/reconcile');
    expect(heldBy('mira.solan')).toEqual([]);
  });

  it('a grant on the portal lifts the suspension: her update gives the role back', async () => {
    expect((await call('POST', `/api/admin/users/${miraId}/apps/portal/grant`)).statusCode).toBe(200);
    expect(queuedFor()).toEqual([miraId]);
    await runDiscordJobs();
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
  });

  it('a suspension on another app concerns that app only: the update runs, and her groups still give the role', async () => {
    await createAppFixture(ctx, { key: 'wiki', name: 'Wiki' });
    expect((await call('POST', `/api/admin/users/${miraId}/apps/wiki/suspend`)).statusCode).toBe(200);
    expect(queuedFor()).toEqual([miraId]);
    await runDiscordJobs();
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
  });

  it('an admin’s End all reaches Discord too; it bars nobody, so her roles stay where her groups put them', async () => {
    const res = await call('DELETE', `/api/admin/users/${miraId}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(queuedFor()).toEqual([miraId]);
    await runDiscordJobs();
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
  });

  it('with on_leave "kick", revoking her on the portal removes her from the server, and nothing brings her back', async () => {
    await connect('kick');
    await runDiscordJobs();
    expect((await call('DELETE', `/api/admin/users/${miraId}/apps/portal/grant`)).statusCode).toBe(200);
    expect(queuedFor()).toEqual([miraId]);
    await runDiscordJobs();
    expect(ctx.discord.member('mira.solan').in_guild).toBe(false);
    expect((await auditValues(miraId)).at(-1)).toBe(
      'mira.solan removed from the server (roles Galactic Weapon Systems taken) (revoked on the portal)',
    );
    // Neither her next update (her stored token could add her) nor a reconcile puts her back.
    await updateDiscordMember(ctx.deps, miraId);
    await call('POST', '/api/admin/discord/reconcile');
    await runDiscordJobs();
    expect(ctx.discord.member('mira.solan').in_guild).toBe(false);
  });
});

describe('the reconcile with on_leave "kick"', () => {
  it('names a linked player who lost their groups as "remove from the server", and removes them; a member the portal does not know only loses the role', async () => {
    // Mira is granted back and in the server with the role, on_leave still "kick".
    await call('POST', `/api/admin/users/${miraId}/apps/portal/grant`);
    ctx.discord.putMember('mira.solan', { roles: ['Galactic Weapon Systems'] });
    ctx.discord.putMember('talia.dorne', { roles: ['Galactic Weapon Systems', 'Verified'] });
    // She leaves the faction; her update job has not run yet (the reconcile is what finds her).
    ctx.sim.population.move('1:100002', null);
    await readDueRosters(ctx.deps, { force: true });
    ctx.sentJobs.length = 0;
    const preview = (await call('POST', '/api/admin/discord/reconcile/preview')).json();
    expect(preview.remove.sample).toEqual(
      expect.arrayContaining(['mira.solan: remove from the server (Galactic Weapon Systems)', 'talia.dorne: Galactic Weapon Systems']),
    );
    expect(ctx.discord.member('mira.solan').in_guild).toBe(true);

    const res = await call('POST', '/api/admin/discord/reconcile');
    expect(res.statusCode).toBe(200);
    expect(ctx.discord.member('mira.solan').in_guild).toBe(false);
    expect(ctx.discord.member('talia.dorne')).toMatchObject({ in_guild: true });
    expect(heldBy('talia.dorne')).toEqual(['Verified']);
    const { rows } = await ctx.deps.db.query<{ details: { value: string; kicked: number } }>(
      "SELECT details FROM audit_log WHERE event = 'discord_reconciled' ORDER BY created_at DESC LIMIT 1",
    );
    expect(rows[0]!.details.kicked).toBe(1);
    expect(rows[0]!.details.value).toMatch(/, 1 removed from the server/);
  });
});
