import { seededRoleIds } from '@portal/discord-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateDiscordMember } from '../../../src/services/discord/member-update.ts';
import { linkDiscord, simulatorConnection } from '../../helpers/discord.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/** Discord's refusals and outages: what stops, what is named on the screen, what is tried again, what is never retried. */
let ctx: TestContext;
let admin: string;
let jorinId: string;
let gwsGroupId: string;
const GWS = seededRoleIds['Galactic Weapon Systems']!;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const heldBy = (username: string) => ctx.discord.member(username).roles.map((r) => r.name);
const status = async () => (await call('GET', '/api/admin/discord')).json().status;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie; // Jorin Vex, in Galactic Weapon Systems in the game
  jorinId = await userIdOf(ctx, '1:100001');
  gwsGroupId = (await call('GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400').id;
  await call('PUT', '/api/admin/discord', simulatorConnection(ctx));
  await call('PUT', '/api/admin/discord/role-rules', { rules: [{ group_id: gwsGroupId, role_id: GWS }] });
  await linkDiscord(ctx, admin, 'jorin.vex');
});
afterAll(() => ctx.close());

describe('Discord failing', () => {
  it('Discord answering 5xx: the update throws for the job to try again, nothing is lost, and it lands once Discord is back', async () => {
    ctx.discord.putMember('jorin.vex', { roles: [] });
    ctx.discord.startOutage({ mode: 'error', status: 502, seconds: 60 });
    await expect(updateDiscordMember(ctx.deps, jorinId)).rejects.toThrow();
    expect((await status()).problems.join(' ')).toMatch(/Discord answered 502|could not be reached/);
    ctx.discord.stopOutage();
    expect(await updateDiscordMember(ctx.deps, jorinId)).toMatchObject({ kind: 'changed', added: [GWS] });
    expect(heldBy('jorin.vex')).toEqual(['Galactic Weapon Systems']);
  });

  it('a linked player who left the server (10007) is added again with their stored token at the next update', async () => {
    ctx.discord.removeMember('jorin.vex');
    expect(await updateDiscordMember(ctx.deps, jorinId)).toMatchObject({ kind: 'changed', joined: true });
    expect(ctx.discord.member('jorin.vex').in_guild).toBe(true);
    expect(heldBy('jorin.vex')).toEqual(['Galactic Weapon Systems']);
  });

  it('a mapped role moved above the bot is named on the screen; Discord’s 403 50013 stops changes to it, never retried', async () => {
    ctx.discord.updateRole('Galactic Weapon Systems', { position: 9 });
    expect((await status()).problems).toContain(
      'The bot cannot give the role Galactic Weapon Systems: it stands above the bot’s highest role (SWC Portal).',
    );
    ctx.discord.putMember('jorin.vex', { roles: [] });
    expect(await updateDiscordMember(ctx.deps, jorinId)).toMatchObject({ kind: 'failed' });
    const invalid = ctx.discord.stats().invalid.total;
    // The role is stopped: the next update leaves it alone instead of asking again.
    expect(await updateDiscordMember(ctx.deps, jorinId)).toEqual({ kind: 'unchanged' });
    expect(ctx.discord.stats().invalid.total).toBe(invalid);
    const { rows } = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'discord_update_failed'");
    expect(rows.at(-1).details.value).toMatch(/50013 Missing Permissions/);
  });
});
