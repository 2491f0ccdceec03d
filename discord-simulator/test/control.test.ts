import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ControlError } from '../src/index.ts';
import { API, BOT_TOKEN, bot, call, CLIENT_ID, CLIENT_SECRET, GUILD, linkAs, ROLES, setup, USERS } from './helpers.ts';

function control(app: FastifyInstance, method: string, path: string, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url: `/sim${path}`,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });
}

describe('control API: the connection and the server', () => {
  it('answers the seeded connection a product fills in, with the URLs it derives from DISCORD_URL', async () => {
    const { app } = setup({ publicUrl: 'http://localhost:4100' });
    const res = await control(app, 'GET', '/connection');
    expect(res.json()).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      bot_token: BOT_TOKEN,
      guild_id: GUILD,
      discord_url: 'http://localhost:4100',
      api_url: 'http://localhost:4100/api/v10',
      authorize_url: 'http://localhost:4100/oauth2/authorize',
      redirect_uris: ['http://localhost:3000/auth/discord/callback'],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("describes the server: the bot's highest role, its permissions, and which roles it cannot give and why", async () => {
    const { app } = setup();
    const guild = (await control(app, 'GET', '/guild')).json();
    expect(guild.bot).toEqual({
      user_id: USERS.bot,
      in_guild: true,
      highest_role: { id: ROLES.bot, name: 'SWC Portal', position: 8 },
      permissions: { CREATE_INSTANT_INVITE: true, KICK_MEMBERS: true, MANAGE_NICKNAMES: true, MANAGE_ROLES: true },
    });
    const cannot = Object.fromEntries(
      guild.roles.map((r: { name: string; bot_cannot_assign: string | null }) => [r.name, r.bot_cannot_assign]),
    );
    expect(cannot).toEqual({
      '@everyone': 'everyone',
      'Server Booster': 'managed',
      Verified: null,
      'Galactic Empire': null,
      'Galactic Weapon Systems': null,
      Industry: null,
      Officers: null,
      'Radiant Relay': 'managed',
      'SWC Portal': 'managed',
      Moderators: 'above the bot',
      Admins: 'above the bot',
    });
  });

  it('changes a role by hand (position, permissions) and names what it refuses', async () => {
    const { app } = setup();
    const moved = await control(app, 'PATCH', '/roles/Galactic Weapon Systems', { position: 9 });
    expect(moved.json()).toMatchObject({ id: ROLES.gws, position: 9, bot_cannot_assign: 'above the bot' });
    const stripped = await control(app, 'PATCH', `/roles/${ROLES.bot}`, { permissions: '0' });
    expect(stripped.statusCode).toBe(200);
    expect((await control(app, 'GET', '/guild')).json().bot.permissions.MANAGE_ROLES).toBe(false);
    expect((await control(app, 'PATCH', '/roles/Nope', { position: 1 })).statusCode).toBe(404);
    const bad = await control(app, 'PATCH', '/roles/Industry', { permissions: 'all' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/decimal bitfield/);
    expect((await control(app, 'PATCH', '/roles/Industry', { colour: 1 })).json().message).toMatch(/Unknown field colour/);
  });
});

describe('control API: members by hand', () => {
  it("reads a member's roles and nickname by username or id; a user outside the server reads as not in it", async () => {
    const { app } = setup();
    expect((await control(app, 'GET', '/members/drex.holloway')).json()).toEqual({
      user_id: USERS.drex,
      username: 'drex.holloway',
      in_guild: true,
      nick: 'Drex [GWS]',
      roles: [
        { id: ROLES.gws, name: 'Galactic Weapon Systems' },
        { id: ROLES.booster, name: 'Server Booster' },
      ],
      joined_at: '2023-09-19T17:45:12.000000+00:00',
    });
    expect((await control(app, 'GET', `/members/${USERS.mira}`)).json()).toMatchObject({ in_guild: false, roles: [], nick: null });
    const nobody = await control(app, 'GET', '/members/darth.nobody');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ error: 'not_found', message: 'No Discord user darth.nobody (give a user id or a username).' });
  });

  it('puts a user who never linked in the server with a role by hand; the bot then sees them', async () => {
    const { app } = setup();
    const put = await control(app, 'PUT', '/members/talia.dorne', { roles: ['Galactic Weapon Systems'], nick: 'Talia' });
    expect(put.json()).toMatchObject({ in_guild: true, nick: 'Talia', roles: [{ id: ROLES.gws, name: 'Galactic Weapon Systems' }] });
    const seen = await call(app, 'GET', `/guilds/${GUILD}/members/${USERS.talia}`);
    expect(seen.json()).toMatchObject({ nick: 'Talia', roles: [ROLES.gws] });
    // Roles above the bot or managed are no obstacle for a server admin.
    const admin = await control(app, 'PUT', '/members/talia.dorne', { roles: [ROLES.moderators, 'Server Booster'] });
    expect(admin.json().roles.map((r: { name: string }) => r.name)).toEqual(['Moderators', 'Server Booster']);
    const holders = (await control(app, 'GET', '/members?role=Moderators')).json().map((m: { username: string }) => m.username);
    expect(holders).toEqual(['talia.dorne', 'vel.anders']); // in user-id order
  });

  it('refuses unknown roles, @everyone and long nicknames in words', async () => {
    const { app } = setup();
    const unknown = await control(app, 'PUT', '/members/talia.dorne', { roles: ['Jedi'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^No role Jedi\. The server's roles: @everyone, Server Booster/);
    expect((await control(app, 'PUT', '/members/talia.dorne', { roles: ['@everyone'] })).json().message).toMatch(/@everyone/);
    expect((await control(app, 'PUT', '/members/talia.dorne', { nick: 'x'.repeat(33) })).statusCode).toBe(400);
    expect((await control(app, 'PUT', '/members/talia.dorne', '"x"')).json().message).toMatch(/JSON object/);
    expect((await control(app, 'GET', '/members/talia.dorne')).json().in_guild).toBe(false);
  });

  it('removes a member, and adds generated members for paging and reconcile tests', async () => {
    const { app } = setup();
    expect((await control(app, 'DELETE', '/members/jorin.vex')).json().in_guild).toBe(false);
    expect((await control(app, 'DELETE', '/members/jorin.vex')).statusCode).toBe(404);
    const made = await control(app, 'POST', '/members/generate', { count: 2000, roles: ['Galactic Weapon Systems'] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ count: 2000 });
    const guild = (await call(app, 'GET', `/guilds/${GUILD}?with_counts=true`)).json();
    expect(guild.approximate_member_count).toBe(2006);
    expect((await control(app, 'GET', '/members?role=Galactic Weapon Systems')).json()).toHaveLength(2001);
    expect((await control(app, 'POST', '/members/generate', { count: 0 })).statusCode).toBe(400);
  });

  it('creates a Discord user who can then authorize on the page', async () => {
    const { app } = setup();
    const made = await control(app, 'POST', '/users', { username: 'kyle.katarn', global_name: 'Kyle Katarn' });
    expect(made.statusCode).toBe(201);
    const t = await linkAs(app, made.json().id);
    expect((await app.inject({ url: `${API}/users/@me`, headers: { authorization: `Bearer ${t.access_token}` } })).json().username).toBe(
      'kyle.katarn',
    );
    expect((await control(app, 'POST', '/users', { username: 'kyle.katarn' })).json().message).toMatch(/taken/);
    expect((await control(app, 'POST', '/users', { username: 'Kyle Katarn!' })).statusCode).toBe(400);
  });
});

describe('control API: switches', () => {
  it('forces a bucket to answer 429, lists the buckets, and clears it', async () => {
    const { app } = setup();
    const forced = await control(app, 'PUT', '/rate-limits/member-role', { requests: 2, retry_after: 0.5 });
    expect(forced.json()).toMatchObject({ name: 'member-role', forced: { scope: 'user', requests_left: 2, retry_after: 0.5 } });
    expect((await call(app, 'PUT', `/guilds/${GUILD}/members/${USERS.jorin}/roles/${ROLES.gws}`)).statusCode).toBe(429);
    const list = (await control(app, 'GET', '/rate-limits')).json();
    expect(list.map((b: { name: string }) => b.name)).toContain('list-members');
    expect(list.find((b: { name: string }) => b.name === 'member-role').forced.requests_left).toBe(1);
    expect((await control(app, 'DELETE', '/rate-limits/member-role')).json().forced).toBeNull();
    expect((await call(app, 'PUT', `/guilds/${GUILD}/members/${USERS.jorin}/roles/${ROLES.gws}`)).statusCode).toBe(204);
    expect((await control(app, 'PUT', '/rate-limits/nope', { requests: 1 })).statusCode).toBe(404);
    expect((await control(app, 'PUT', '/rate-limits/get-guild', {})).json().message).toMatch(/Give requests/);
    expect((await control(app, 'PUT', '/rate-limits/get-guild', { seconds: 1, retry_after: 1 })).statusCode).toBe(400);
  });

  it('switches the Server Members intent off and on', async () => {
    const { app } = setup();
    expect((await control(app, 'PUT', '/intents', { server_members: false })).json()).toEqual({ server_members: false });
    expect((await call(app, 'GET', `/guilds/${GUILD}/members`)).json().code).toBe(50001);
    expect((await control(app, 'PUT', '/intents', { server_members: 'no' })).statusCode).toBe(400);
  });

  it('rotates the bot token: the old one answers 401, the new one works, and the connection shows it', async () => {
    const { app, sim } = setup();
    const rotated = (await control(app, 'POST', '/bot-token', {})).json().bot_token;
    expect(rotated).not.toBe(BOT_TOKEN);
    expect((await call(app, 'GET', `/guilds/${GUILD}`)).statusCode).toBe(401);
    expect((await call(app, 'GET', `/guilds/${GUILD}`, undefined, bot(rotated))).statusCode).toBe(200);
    expect(sim.connection.botToken).toBe(rotated);
    expect((await control(app, 'POST', '/bot-token', { token: BOT_TOKEN })).json().bot_token).toBe(BOT_TOKEN);
    expect((await call(app, 'GET', `/guilds/${GUILD}`)).statusCode).toBe(200);
  });

  it('makes the API answer 5xx for N requests or T seconds (the control API and the pages keep answering)', async () => {
    const { app, clock } = setup();
    expect((await control(app, 'PUT', '/outage', { status: 503, seconds: 2 })).json()).toEqual({
      outage: { mode: 'error', status: 503, seconds_left: 2 },
    });
    const down = await call(app, 'GET', `/guilds/${GUILD}`);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: '503: Service Unavailable', code: 0 });
    expect((await control(app, 'GET', '/members/jorin.vex')).statusCode).toBe(200);
    clock.advance(2000);
    expect((await call(app, 'GET', `/guilds/${GUILD}`)).statusCode).toBe(200);
    await control(app, 'PUT', '/outage', { requests: 1 });
    expect((await call(app, 'GET', `/guilds/${GUILD}`)).statusCode).toBe(502);
    expect((await control(app, 'GET', '/outage')).json()).toEqual({ outage: null });
    expect((await control(app, 'PUT', '/outage', { mode: 'unreachable', status: 500, requests: 1 })).statusCode).toBe(400);
    expect((await control(app, 'PUT', '/outage', { mode: 'error', status: 404, requests: 1 })).statusCode).toBe(400);
  });

  it('counts requests per route and lists the latest with their buckets', async () => {
    const { app } = setup();
    await call(app, 'GET', `/guilds/${GUILD}`);
    await call(app, 'GET', `/guilds/${GUILD}/members/${USERS.mira}`);
    const stats = (await control(app, 'GET', '/stats')).json();
    expect(stats).toMatchObject({
      requests: 2,
      by_route: { 'GET /guilds/{guild.id}': 1, 'GET /guilds/{guild.id}/members/{user.id}': 1 },
      by_status: { 200: 1, 404: 1 },
      rate_limited: { total: 0, by_bucket: {} },
      early: 0,
    });
    const latest = (await control(app, 'GET', '/requests?limit=1')).json();
    expect(latest).toEqual([
      {
        at: expect.any(String),
        method: 'GET',
        route: 'GET /guilds/{guild.id}/members/{user.id}',
        bucket: 'get-member',
        status: 404,
        early: false,
      },
    ]);
    expect((await control(app, 'GET', '/requests?limit=0')).statusCode).toBe(400);
  });

  it('resets everything to the seed: members, tokens, switches and counters', async () => {
    const { app, sim } = setup();
    const t = await linkAs(app, USERS.mira);
    sim.putMember('mira.solan', { roles: ['Industry'] });
    sim.rotateBotToken();
    sim.setServerMembersIntent(false);
    sim.forceRateLimit('get-guild', { requests: 5 });
    expect((await control(app, 'POST', '/reset')).json()).toEqual({ reset: true });
    expect(sim.member('mira.solan').in_guild).toBe(false);
    expect((await call(app, 'GET', `/guilds/${GUILD}/members?limit=2`)).statusCode).toBe(200);
    expect((await app.inject({ url: `${API}/users/@me`, headers: { authorization: `Bearer ${t.access_token}` } })).statusCode).toBe(401);
    expect(sim.stats().requests).toBe(2);
    expect(sim.auditLog()).toEqual([]);
  });

  it('throws ControlError from the in-process functions where the routes answer 400 or 404', () => {
    const { sim } = setup();
    expect(() => sim.putMember('mira.solan', { roles: ['Jedi'] })).toThrow(ControlError);
    expect(() => sim.member('nobody.at.all')).toThrow(/No Discord user/);
  });
});
