import { seededRoleIds } from '@portal/discord-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_MEMBER_JOB } from '../../../src/services/discord/member-jobs.ts';
import { updateDiscordMember } from '../../../src/services/discord/member-update.ts';
import { reconcileWhenDue } from '../../../src/services/discord/reconcile.ts';
import { readDueRosters } from '../../../src/services/groups/rosters.ts';
import { linkDiscord, simulatorConnection } from '../../helpers/discord.ts';
import { connectRosterBinding, userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/** The community's Discord follows the game: connected on Admin → Discord, linked by players, kept by their groups. */
let ctx: TestContext;
let admin: string;
let mira: string;
let miraId: string;
let gwsGroupId: string;
const GWS = seededRoleIds['Galactic Weapon Systems']!;
const MODERATORS = seededRoleIds['Moderators']!;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const heldBy = (username: string) => ctx.discord.member(username).roles.map((r) => r.name);

/** Runs the Discord updates the app queued, as the job system would (once each), and forgets them. */
async function runDiscordJobs(): Promise<number> {
  const jobs = ctx.sentJobs.filter((j) => j.name === DISCORD_MEMBER_JOB);
  ctx.sentJobs.length = 0;
  for (const job of jobs) await updateDiscordMember(ctx.deps, (job.data as { userId: string }).userId);
  return jobs.length;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
  await connectRosterBinding(ctx, admin, '1:100001');
  gwsGroupId = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400').id;
});
afterAll(() => ctx.close());

describe('connecting the Discord server', () => {
  it('says no server is connected before an admin connects one', async () => {
    const res = await call('GET', '/api/admin/discord');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connected: false, client_secret_set: false, bot_token_set: false, status: { ok: false } });
  });

  it('refuses ids that are not Discord ids and an unknown on_leave with a sentence', async () => {
    const res = await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), guild_id: 'my server', on_leave: 'ban' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Server ID must be a Discord id/);
  });

  it('connects: the status names the server and the bot’s highest role, the secrets are never answered and are stored encrypted', async () => {
    const res = await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), nickname: '{name}' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      connected: true,
      client_secret_set: true,
      bot_token_set: true,
      on_leave: 'remove_roles',
      nickname: '{name}',
      reconcile: 'fix',
      status: { ok: true, guild_name: 'SWCombine Community', bot_role: 'SWC Portal', problems: [] },
    });
    expect(body.status.last_answer_at).not.toBeNull();
    expect(JSON.stringify(body)).not.toContain(ctx.discord.connection.botToken);
    const { rows } = await ctx.deps.db.query('SELECT client_secret_enc, bot_token_enc FROM discord_connection');
    expect(JSON.stringify(rows)).not.toContain(ctx.discord.connection.botToken);
    expect(JSON.stringify(rows)).not.toContain(ctx.discord.connection.clientSecret);
    const audit = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_connected'");
    expect(audit.rows).toHaveLength(1);
  });

  it('lists the server’s roles top first, saying which the bot may give', async () => {
    const roles = (await call('GET', '/api/admin/discord/roles')).json() as { name: string; assignable: boolean; managed: boolean }[];
    expect(roles[0]).toMatchObject({ name: 'Admins', assignable: false });
    expect(roles.find((r) => r.name === 'Moderators')).toMatchObject({ assignable: false });
    expect(roles.find((r) => r.name === 'Radiant Relay')).toMatchObject({ assignable: false, managed: true });
    expect(roles.find((r) => r.name === 'Galactic Weapon Systems')).toMatchObject({ assignable: true, managed: false });
    expect(roles.some((r) => r.name === '@everyone')).toBe(false);
  });

  it('names what the bot lacks when it loses a permission', async () => {
    ctx.discord.updateRole('SWC Portal', { permissions: String((1n << 28n) | (1n << 27n)) });
    const status = (await call('GET', '/api/admin/discord')).json().status;
    expect(status.ok).toBe(false);
    expect(status.problems).toContain('The bot lacks these permissions: Kick Members, Create Invite.');
    ctx.discord.updateRole('SWC Portal', { permissions: '402654211' });
  });
});

describe('role rules', () => {
  it('refuses a rule for a role above the bot, in words', async () => {
    const res = await call('PUT', '/api/admin/discord/role-rules', { rules: [{ group_id: gwsGroupId, role_id: MODERATORS }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The bot cannot give the role Moderators: it is managed, or stands above the bot’s highest role.');
  });

  it('saves "members of Galactic Weapon Systems hold the role Galactic Weapon Systems"', async () => {
    const res = await call('PUT', '/api/admin/discord/role-rules', { rules: [{ group_id: gwsGroupId, role_id: GWS }] });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/discord/role-rules')).json()).toEqual({ rules: [{ group_id: gwsGroupId, role_id: GWS }] });
  });
});

describe('a player links Discord', () => {
  it('shows Mira unlinked, then sends her to Discord’s authorize page with identify guilds.join and a state', async () => {
    expect((await call('GET', '/api/me/discord', undefined, mira)).json()).toEqual({ linked: false });
    const start = await ctx.app.inject({
      url: '/auth/discord/link',
      cookies: { portal_session: mira },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${ctx.discord.url}/oauth2/authorize`);
    expect(url.searchParams.get('scope')).toBe('identify guilds.join');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/discord/callback');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('a denied authorization comes back to Your account with a sentence', async () => {
    const back = await linkDiscord(ctx, mira, 'mira.solan', 'deny');
    expect(back.pathname).toBe('/account');
    expect(back.searchParams.get('discord_error')).toBe('You cancelled at Discord, so your Discord account is not linked.');
  });

  it('adds Mira, moved into the faction, to the server with the faction’s role and her character’s name as nickname', async () => {
    ctx.sim.population.move('1:100002', '20:2400');
    await readDueRosters(ctx.deps, { force: true });
    expect(ctx.discord.member('mira.solan').in_guild).toBe(false);
    const back = await linkDiscord(ctx, mira, 'mira.solan');
    expect(back.searchParams.get('discord')).toBe('linked');
    expect(ctx.discord.member('mira.solan')).toMatchObject({ in_guild: true, nick: 'Mira Solan' });
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
    expect((await call('GET', '/api/me/discord', undefined, mira)).json()).toEqual({
      linked: true,
      id: expect.any(String),
      username: 'mira.solan',
    });
    const { rows } = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_linked'");
    expect(rows[0].details.value).toBe('Mira Solan linked Discord mira.solan: roles Galactic Weapon Systems given, nickname Mira Solan');
  });

  it('refuses a second character linking the same Discord account, and keeps the first link', async () => {
    const back = await linkDiscord(ctx, admin, 'mira.solan');
    expect(back.searchParams.get('discord_error')).toBe(
      'The Discord account mira.solan is already linked to another character. Unlink it there first.',
    );
    expect((await call('GET', '/api/me/discord', undefined, mira)).json()).toMatchObject({ linked: true, username: 'mira.solan' });
    expect((await call('GET', '/api/me/discord')).json()).toEqual({ linked: false });
  });

  it('gives the roles to a player already in the server (Add Guild Member 204), keeping the roles the portal does not manage', async () => {
    ctx.discord.putMember('jorin.vex', { roles: ['Verified'] });
    await linkDiscord(ctx, admin, 'jorin.vex'); // Jorin Vex is in Galactic Weapon Systems in the game
    expect(heldBy('jorin.vex').sort()).toEqual(['Galactic Weapon Systems', 'Verified']);
    expect(ctx.discord.member('jorin.vex').nick).toBe('Jorin Vex');
  });
});

describe('the server follows the game', () => {
  it('queues Mira’s update when a roster read takes her out, and the job takes the role with the roles named in the audit', async () => {
    ctx.sentJobs.length = 0;
    ctx.sim.population.move('1:100002', null);
    await readDueRosters(ctx.deps, { force: true });
    expect(ctx.sentJobs.filter((j) => j.name === DISCORD_MEMBER_JOB)).toEqual([{ name: DISCORD_MEMBER_JOB, data: { userId: miraId } }]);
    expect(await runDiscordJobs()).toBe(1);
    expect(heldBy('mira.solan')).toEqual([]);
    const { rows } = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_roles_changed' AND user_id = $1", [
      miraId,
    ]);
    expect(rows.map((r) => r.details.value)).toContain('mira.solan: roles Galactic Weapon Systems taken');
  });

  it('gives the role back when she rejoins, and an admin editing a group moves roles the same way', async () => {
    ctx.sim.population.move('1:100002', '20:2400');
    await readDueRosters(ctx.deps, { force: true });
    await runDiscordJobs();
    expect(heldBy('mira.solan')).toEqual(['Galactic Weapon Systems']);
    const officers = (await call('POST', '/api/admin/groups', { name: 'Officers' })).json();
    await call('PUT', '/api/admin/discord/role-rules', {
      rules: [
        { group_id: gwsGroupId, role_id: GWS },
        { group_id: officers.id, role_id: seededRoleIds['Officers']! },
      ],
    });
    await runDiscordJobs();
    await call('POST', `/api/admin/groups/${officers.id}/members`, { uids: ['1:100002'] });
    expect(await runDiscordJobs()).toBe(1);
    expect(heldBy('mira.solan').sort()).toEqual(['Galactic Weapon Systems', 'Officers']);
  });

  it('previews which linked players gain and lose roles before a save, changing nothing', async () => {
    const preview = await call('POST', '/api/admin/discord/role-rules/preview', {
      rules: [{ group_id: gwsGroupId, role_id: seededRoleIds['Industry']! }],
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      added: { count: 2, sample: ['Jorin Vex: Industry', 'Mira Solan: Industry'] },
      removed: { count: 2, sample: ['Jorin Vex: Galactic Weapon Systems', 'Mira Solan: Galactic Weapon Systems, Officers'] },
    });
    expect((await call('GET', '/api/admin/discord/role-rules')).json().rules).toHaveLength(2);
  });

  it('never touches a role no rule names', async () => {
    ctx.discord.putMember('mira.solan', { roles: ['Galactic Weapon Systems', 'Officers', 'Verified'] });
    ctx.sim.population.move('1:100002', null);
    await readDueRosters(ctx.deps, { force: true });
    await runDiscordJobs();
    expect(heldBy('mira.solan').sort()).toEqual(['Officers', 'Verified']);
  });
});

describe('unlinking', () => {
  it('takes the managed roles, revokes the token, and is audited; an admin sees and ends the link on the user page', async () => {
    expect((await call('GET', `/api/admin/users/${miraId}/discord`)).json()).toMatchObject({ linked: true, username: 'mira.solan' });
    const res = await call('DELETE', '/api/me/discord', undefined, mira);
    expect(res.statusCode).toBe(204);
    expect(heldBy('mira.solan')).toEqual(['Verified']);
    expect((await call('GET', '/api/me/discord', undefined, mira)).json()).toEqual({ linked: false });
    const { rows } = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_unlinked' AND user_id = $1", [miraId]);
    expect(rows[0].details.value).toBe('mira.solan: roles Officers taken');
    const jorinId = await userIdOf(ctx, '1:100001');
    expect((await call('DELETE', `/api/admin/users/${jorinId}/discord`)).statusCode).toBe(204);
    expect(heldBy('jorin.vex')).toEqual(['Verified']);
    expect((await call('DELETE', `/api/admin/users/${jorinId}/discord`)).statusCode).toBe(404);
  });
});

describe('reconcile: roles nobody granted', () => {
  it('names a member given a managed role by hand in the preview, and changes nothing', async () => {
    ctx.discord.putMember('talia.dorne', { roles: ['Officers', 'Verified'] });
    const before = ctx.discord.member('drex.holloway').roles.map((r) => r.name);
    const preview = await call('POST', '/api/admin/discord/reconcile/preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      add: { count: 0, sample: [] },
      remove: { count: 2, sample: ['talia.dorne: Officers', 'drex.holloway: Galactic Weapon Systems'] },
    });
    expect(ctx.discord.member('drex.holloway').roles.map((r) => r.name)).toEqual(before);
  });

  it('only reports with reconcile "report"', async () => {
    await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), reconcile: 'report' });
    const res = await call('POST', '/api/admin/discord/reconcile');
    expect(res.json().remove.count).toBe(2);
    expect(heldBy('talia.dorne')).toContain('Officers');
    expect((await call('GET', '/api/admin/discord')).json().last_reconcile.summary).toBe(
      'found 0 to give and 2 to take (report only: nothing changed)',
    );
  });

  it('takes the managed roles from them, leaves every other role, and writes one audit event with the counts', async () => {
    await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), reconcile: 'fix' });
    const auditBefore = (await ctx.deps.db.query("SELECT 1 FROM audit_log WHERE event = 'discord_reconciled'")).rowCount!;
    const res = await call('POST', '/api/admin/discord/reconcile');
    expect(res.statusCode).toBe(200);
    expect(heldBy('talia.dorne')).toEqual(['Verified']);
    expect(heldBy('drex.holloway')).toEqual(['Server Booster']);
    expect(ctx.discord.member('drex.holloway').nick).toBe('Drex [GWS]');
    const { rows } = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_reconciled' ORDER BY id");
    expect(rows).toHaveLength(auditBefore + 1);
    expect(rows.at(-1).details).toMatchObject({ add: 0, remove: 2, changed: 2, pages: 1 });
    expect((await call('POST', '/api/admin/discord/reconcile/preview')).json().remove.count).toBe(0);
  });

  it('runs on schedule a whole DISCORD_RECONCILE_MIN (60) minutes after the last run, not before', async () => {
    expect(await reconcileWhenDue(ctx.deps)).toBe('not due');
    ctx.clock.advance(60 * 60_000);
    expect(await reconcileWhenDue(ctx.deps)).toBe('reconciled');
    expect(await reconcileWhenDue(ctx.deps)).toBe('not due');
  });

  it('reads a large server in pages of 1,000: ⌈members/1000⌉ list requests', async () => {
    ctx.discord.generateMembers(1500);
    const lists = () => ctx.discord.stats().by_route['GET /guilds/{guild.id}/members'] ?? 0;
    const before = lists();
    await call('POST', '/api/admin/discord/reconcile/preview');
    expect(lists() - before).toBe(2);
  });
});

describe('failures', () => {
  it('a wrong bot token reads as a sentence and stops Discord work until an admin saves again', async () => {
    const res = await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), bot_token: 'not-the-token' });
    expect(res.json().status).toMatchObject({ ok: false });
    expect(res.json().status.problems[0]).toMatch(/^Discord refused the bot token \(401 Unauthorized\)/);
    const again = (await call('GET', '/api/admin/discord')).json().status;
    expect(again.problems[0]).toMatch(/^Discord work is stopped: Discord refused the bot token/);
    const invalidBefore = ctx.discord.stats().invalid.total;
    await call('GET', '/api/admin/discord');
    expect(ctx.discord.stats().invalid.total).toBe(invalidBefore);
    const fixed = await call('PUT', '/api/admin/discord', simulatorConnection(ctx));
    expect(fixed.json().status).toMatchObject({ ok: true });
  });

  it('hears a bot token again that Discord refused once (Discord had it reset, then back), and reads the roles', async () => {
    const original = ctx.discord.connection.botToken;
    ctx.discord.rotateBotToken('MTIw.reset.for-a-moment');
    const refused = await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), bot_token: original });
    expect(refused.json().status.ok).toBe(false);
    expect((await call('GET', '/api/admin/discord/roles')).json().message).toMatch(
      /^Discord work is stopped: Discord refused the bot token/,
    );
    ctx.discord.rotateBotToken(original);
    const heard = await call('PUT', '/api/admin/discord', { ...simulatorConnection(ctx), bot_token: original });
    expect(heard.json().status).toMatchObject({ ok: true, problems: [] });
    expect((await call('GET', '/api/admin/discord/roles')).statusCode).toBe(200);
  });

  it('disconnects without changing anything in Discord', async () => {
    const before = ctx.discord.stats().requests;
    expect((await call('DELETE', '/api/admin/discord')).statusCode).toBe(204);
    expect(ctx.discord.stats().requests).toBe(before);
    expect((await call('GET', '/api/admin/discord')).json()).toMatchObject({ connected: false });
    expect((await call('DELETE', '/api/admin/discord')).statusCode).toBe(404);
  });
});
