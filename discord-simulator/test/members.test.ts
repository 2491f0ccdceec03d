import { describe, expect, it } from 'vitest';
import { bearer, BOT_TOKEN, call, GUILD, linkAs, ROLES, setup, USERS } from './helpers.ts';

const MEMBERS = `/guilds/${GUILD}/members`;
const MISSING_PERMISSIONS = { message: 'Missing Permissions', code: 50013 };

describe('GET /guilds/{guild.id}/members/{user.id}', () => {
  it("answers a member with Discord's member shape", async () => {
    const { app } = setup();
    const res = await call(app, 'GET', `${MEMBERS}/${USERS.drex}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: USERS.drex, username: 'drex.holloway', global_name: 'Drex Holloway', discriminator: '0' }),
      nick: 'Drex [GWS]',
      avatar: null,
      banner: null,
      roles: [ROLES.gws, ROLES.booster],
      joined_at: '2023-09-19T17:45:12.000000+00:00',
      premium_since: '2024-01-02T10:00:00.000000+00:00',
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
      unusual_dm_activity_until: null,
    });
  });

  it('answers 10007 Unknown Member for a user not in the server, 10013 for nobody, 50035 for a malformed id', async () => {
    const { app } = setup();
    const outside = await call(app, 'GET', `${MEMBERS}/${USERS.mira}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Unknown Member', code: 10007 });
    expect((await call(app, 'GET', `${MEMBERS}/123456789012345678`)).json()).toEqual({ message: 'Unknown User', code: 10013 });
    expect((await call(app, 'GET', `${MEMBERS}/mira`)).json().code).toBe(50035);
  });
});

describe('GET /guilds/{guild.id}/members (List Guild Members)', () => {
  it('pages by user id: limit defaults to 1, after is the last id of the previous page', async () => {
    const { app } = setup({ generatedMembers: 25 });
    expect((await call(app, 'GET', MEMBERS)).json()).toHaveLength(1);
    const ids: string[] = [];
    let after = '0';
    for (;;) {
      const page = (await call(app, 'GET', `${MEMBERS}?limit=10&after=${after}`)).json() as { user: { id: string } }[];
      ids.push(...page.map((m) => m.user.id));
      if (page.length < 10) break;
      after = page.at(-1)!.user.id;
    }
    expect(ids).toHaveLength(32);
    expect(new Set(ids).size).toBe(32);
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    // Numeric order, not string order: an 18-digit id comes before a 19-digit one.
    expect(ids[0]).toBe(USERS.kessa);
  });

  it('answers up to 1,000 a page and refuses limits outside 1..1000 with 50035', async () => {
    const { app } = setup({ generatedMembers: 1200 });
    expect((await call(app, 'GET', `${MEMBERS}?limit=1000`)).json()).toHaveLength(1000);
    for (const [limit, code] of [
      ['0', 'NUMBER_TYPE_MIN'],
      ['1001', 'NUMBER_TYPE_MAX'],
      ['ten', 'NUMBER_TYPE_COERCE'],
    ]) {
      const res = await call(app, 'GET', `${MEMBERS}?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.limit._errors[0].code).toBe(code);
    }
    expect((await call(app, 'GET', `${MEMBERS}?after=x`)).json().errors.after._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('answers 403 50001 Missing Access while the Server Members intent is off', async () => {
    const { app, sim } = setup();
    sim.setServerMembersIntent(false);
    const res = await call(app, 'GET', `${MEMBERS}?limit=100`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
    sim.setServerMembersIntent(true);
    expect((await call(app, 'GET', `${MEMBERS}?limit=100`)).statusCode).toBe(200);
  });
});

describe('PUT /guilds/{guild.id}/members/{user.id} (Add Guild Member)', () => {
  it('adds a user with their guilds.join token: 201 with the member, roles and nick set', async () => {
    const { app, sim } = setup();
    const { access_token } = await linkAs(app, USERS.mira);
    const res = await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, { access_token, nick: 'Mira Solan', roles: [ROLES.gws] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { id: USERS.mira }, nick: 'Mira Solan', roles: [ROLES.gws] });
    expect(sim.member('mira.solan')).toMatchObject({
      in_guild: true,
      nick: 'Mira Solan',
      roles: [{ id: ROLES.gws, name: 'Galactic Weapon Systems' }],
    });
  });

  it('answers 204 with no body, changing nothing, when the user is already a member', async () => {
    const { app, sim } = setup();
    const { access_token } = await linkAs(app, USERS.jorin);
    const res = await call(app, 'PUT', `${MEMBERS}/${USERS.jorin}`, { access_token, nick: 'Jorin', roles: [ROLES.gws] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(sim.member('jorin.vex')).toMatchObject({ nick: null, roles: [] });
  });

  it('answers 50025 for a token without guilds.join, of another user, revoked or unknown; 50035 without one', async () => {
    const { app } = setup();
    const identifyOnly = await linkAs(app, USERS.mira, 'identify');
    const talias = await linkAs(app, USERS.talia);
    for (const access_token of [identifyOnly.access_token, talias.access_token, 'unknown']) {
      const res = await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, { access_token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid OAuth2 access token', code: 50025 });
    }
    const none = await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ access_token: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } });
  });

  it('answers 50013 without Create Invite, or for a role at or above the bot or managed; nothing is added', async () => {
    const { app, sim } = setup();
    const { access_token } = await linkAs(app, USERS.mira);
    for (const roles of [[ROLES.moderators], [ROLES.bot], [ROLES.booster]]) {
      expect((await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, { access_token, roles })).json()).toEqual(MISSING_PERMISSIONS);
    }
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, { access_token, roles: ['1103742841651200777'] })).json().code).toBe(10011);
    sim.updateRole('SWC Portal', { permissions: String(1 << 28) });
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.mira}`, { access_token })).json()).toEqual(MISSING_PERMISSIONS);
    expect(sim.member('mira.solan').in_guild).toBe(false);
  });
});

describe('PATCH /guilds/{guild.id}/members/{user.id} (Modify Guild Member)', () => {
  it('replaces the whole role list; roles it cannot manage may come back unchanged', async () => {
    const { app, sim } = setup();
    // Drex holds GWS (manageable) and Server Booster (managed): send the booster role back, swap GWS for Industry.
    const res = await call(app, 'PATCH', `${MEMBERS}/${USERS.drex}`, { roles: [ROLES.booster, ROLES.industry] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([ROLES.booster, ROLES.industry]);
    // Vel holds Moderators (above the bot): giving him GWS while keeping Moderators is fine.
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.vel}`, { roles: [ROLES.moderators, ROLES.gws] })).statusCode).toBe(200);
    expect(sim.member('vel.anders').roles.map((r) => r.name)).toEqual(['Moderators', 'Galactic Weapon Systems']);
  });

  it('answers 50013 when the list would add or drop a role at or above the bot, or a managed one', async () => {
    const { app, sim } = setup();
    const cases = [
      [USERS.drex, [ROLES.gws]], // drops the managed booster role
      [USERS.jorin, [ROLES.officers, ROLES.moderators]], // adds a role above the bot
      [USERS.jorin, [ROLES.bot]], // the bot's own role: managed and not below itself
      [USERS.vel, [ROLES.gws]], // drops Moderators, above the bot
    ] as const;
    for (const [user, roles] of cases) {
      const res = await call(app, 'PATCH', `${MEMBERS}/${user}`, { roles });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(MISSING_PERMISSIONS);
    }
    expect(sim.member('jorin.vex').roles).toEqual([]);
    expect(sim.member('drex.holloway').roles).toHaveLength(2);
  });

  it('sets a nickname of at most 32 characters; null and "" clear it', async () => {
    const { app, sim } = setup();
    const long = 'x'.repeat(33);
    const res = await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: long });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.nick._errors[0]).toEqual({ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 32 in length.' });
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: 'x'.repeat(32) })).json().nick).toBe('x'.repeat(32));
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: null })).json().nick).toBeNull();
    await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: 'Jorin Vex' });
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: '' })).json().nick).toBeNull();
    expect(sim.member('jorin.vex').nick).toBeNull();
  });

  it("refuses to rename the owner or a member whose highest role is at or above the bot's (50013)", async () => {
    const { app } = setup();
    for (const user of [USERS.kessa, USERS.vel]) {
      expect((await call(app, 'PATCH', `${MEMBERS}/${user}`, { nick: 'Renamed' })).json()).toEqual(MISSING_PERMISSIONS);
    }
  });

  it('answers 10011 for an unknown role, 50035 for a malformed one, 10007 for a non-member', async () => {
    const { app } = setup();
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { roles: ['1103742841651200777'] })).json()).toEqual({
      message: 'Unknown Role',
      code: 10011,
    });
    const bad = await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { roles: ['gws'] });
    expect(bad.json().errors).toEqual({
      roles: { 0: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "gws" is not snowflake.' }] } },
    });
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.mira}`, { nick: 'x' })).json().code).toBe(10007);
  });

  it('answers 50109 for a body that is not JSON', async () => {
    const { app } = setup();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v10${MEMBERS}/${USERS.jorin}`,
      headers: { authorization: `Bot ${BOT_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"roles": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
  });
});

describe('PUT / DELETE /guilds/{guild.id}/members/{user.id}/roles/{role.id}', () => {
  it('adds and removes one role, leaving the others alone, 204 each time (also when nothing changes)', async () => {
    const { app, sim } = setup();
    for (let i = 0; i < 2; i++) {
      const put = await call(app, 'PUT', `${MEMBERS}/${USERS.drex}/roles/${ROLES.officers}`);
      expect(put.statusCode).toBe(204);
    }
    expect(sim.member('drex.holloway').roles.map((r) => r.name)).toEqual(['Galactic Weapon Systems', 'Server Booster', 'Officers']);
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.drex}/roles/${ROLES.gws}`)).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.drex}/roles/${ROLES.gws}`)).statusCode).toBe(204);
    expect(sim.member('drex.holloway').roles.map((r) => r.name)).toEqual(['Server Booster', 'Officers']);
  });

  it('answers 50013 for a role at or above the bot, a managed role, or without Manage Roles', async () => {
    const { app, sim } = setup();
    for (const role of [ROLES.moderators, ROLES.admins, ROLES.bot, ROLES.otherBot, ROLES.booster]) {
      expect((await call(app, 'PUT', `${MEMBERS}/${USERS.jorin}/roles/${role}`)).json()).toEqual(MISSING_PERMISSIONS);
    }
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.drex}/roles/${ROLES.booster}`)).json()).toEqual(MISSING_PERMISSIONS);
    sim.updateRole('SWC Portal', { permissions: '1' });
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.jorin}/roles/${ROLES.gws}`)).json()).toEqual(MISSING_PERMISSIONS);
    // A role moved above the bot by a server admin can no longer be given.
    sim.updateRole('SWC Portal', { permissions: '402654211' });
    sim.updateRole('Galactic Weapon Systems', { position: 9 });
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.jorin}/roles/${ROLES.gws}`)).json()).toEqual(MISSING_PERMISSIONS);
    expect(sim.member('jorin.vex').roles).toEqual([]);
  });

  it('answers 10011 for an unknown role and 10007 for a non-member', async () => {
    const { app } = setup();
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.jorin}/roles/1103742841651200777`)).json().code).toBe(10011);
    expect((await call(app, 'PUT', `${MEMBERS}/${USERS.mira}/roles/${ROLES.gws}`)).json().code).toBe(10007);
  });
});

describe('DELETE /guilds/{guild.id}/members/{user.id} (kick)', () => {
  it('removes a member below the bot (204), then they are Unknown Member', async () => {
    const { app } = setup();
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.drex}`)).statusCode).toBe(204);
    expect((await call(app, 'GET', `${MEMBERS}/${USERS.drex}`)).json().code).toBe(10007);
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.drex}`)).json().code).toBe(10007);
  });

  it('answers 50013 for the owner, a member at or above the bot, or without Kick Members', async () => {
    const { app, sim } = setup();
    for (const user of [USERS.kessa, USERS.vel, USERS.bot]) {
      expect((await call(app, 'DELETE', `${MEMBERS}/${user}`)).json()).toEqual(MISSING_PERMISSIONS);
    }
    sim.updateRole('SWC Portal', { permissions: String(1 << 28) });
    expect((await call(app, 'DELETE', `${MEMBERS}/${USERS.jorin}`)).json()).toEqual(MISSING_PERMISSIONS);
    expect(sim.member('jorin.vex').in_guild).toBe(true);
  });
});

describe('X-Audit-Log-Reason', () => {
  it("records every change with the URL-decoded reason in the server's audit log", async () => {
    const { app, sim } = setup();
    const reason = { 'x-audit-log-reason': encodeURIComponent('Mira Solan left Galactic Weapon Systems (roster read)') };
    const { access_token } = await linkAs(app, USERS.mira);
    await call(
      app,
      'PUT',
      `${MEMBERS}/${USERS.mira}`,
      { access_token, roles: [ROLES.gws] },
      { ...reason, authorization: `Bot ${sim.connection.botToken}` },
    );
    await call(app, 'DELETE', `${MEMBERS}/${USERS.mira}/roles/${ROLES.gws}`, undefined, {
      ...reason,
      authorization: `Bot ${sim.connection.botToken}`,
    });
    await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: 'Jorin Vex' });
    expect(sim.auditLog().map((e) => [e.action, e.target, e.changes, e.reason])).toEqual([
      ['MEMBER_ADD', USERS.mira, { added: [ROLES.gws] }, 'Mira Solan left Galactic Weapon Systems (roster read)'],
      ['MEMBER_ROLE_UPDATE', USERS.mira, { added: [], removed: [ROLES.gws] }, 'Mira Solan left Galactic Weapon Systems (roster read)'],
      ['MEMBER_UPDATE', USERS.jorin, { nick: { from: null, to: 'Jorin Vex' } }, null],
    ]);
  });

  it('a user token cannot act as the bot on member routes', async () => {
    const { app } = setup();
    const { access_token } = await linkAs(app, USERS.mira);
    expect((await call(app, 'PATCH', `${MEMBERS}/${USERS.jorin}`, { nick: 'x' }, bearer(access_token))).statusCode).toBe(401);
  });
});
