import { describe, expect, it } from 'vitest';
import { API, bearer, bot, call, GUILD, linkAs, ROLES, setup, USERS } from './helpers.ts';

describe('GET /users/@me and /oauth2/@me', () => {
  it('answers the user of a token granted identify, with discriminator "0", and email only with the email scope', async () => {
    const { app } = setup();
    const plain = await linkAs(app, USERS.mira);
    const me = await app.inject({ url: `${API}/users/@me`, headers: bearer(plain.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: USERS.mira,
      username: 'mira.solan',
      global_name: 'Mira Solan',
      discriminator: '0',
      avatar: null,
    });
    expect(me.json()).not.toHaveProperty('email');
    const withEmail = await linkAs(app, USERS.mira, 'identify email');
    const me2 = await app.inject({ url: `${API}/users/@me`, headers: bearer(withEmail.access_token) });
    expect(me2.json()).toMatchObject({ email: 'mira.solan@example.com', verified: true });
  });

  it('answers 401 {code 0} without identify, with an unknown token and without a token; the bot reads itself', async () => {
    const { app } = setup();
    const joinOnly = await linkAs(app, USERS.mira, 'guilds.join');
    for (const headers of [bearer(joinOnly.access_token), bearer('nope'), {}]) {
      const res = await app.inject({ url: `${API}/users/@me`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    }
    const self = await call(app, 'GET', '/users/@me');
    expect(self.json()).toMatchObject({ id: USERS.bot, bot: true, username: 'SWC Portal' });
  });

  it('describes the authorization at /oauth2/@me: the application, the scopes, when it expires, the user', async () => {
    const { app, clock } = setup();
    const t = await linkAs(app, USERS.jorin);
    const res = await app.inject({ url: `${API}/oauth2/@me`, headers: bearer(t.access_token) });
    expect(res.json()).toMatchObject({
      application: { id: USERS.bot, name: 'SWC Portal' },
      scopes: ['identify', 'guilds.join'],
      expires: new Date(clock.now() + 604_800_000).toISOString().replace('Z', '000+00:00'),
      user: { id: USERS.jorin, username: 'jorin.vex' },
    });
  });
});

describe('GET /guilds/{guild.id} and /roles', () => {
  it('answers the server with its roles from @everyone (whose id is the guild id) up', async () => {
    const { app } = setup();
    const res = await call(app, 'GET', `/guilds/${GUILD}`);
    expect(res.statusCode).toBe(200);
    const guild = res.json();
    expect(guild).toMatchObject({ id: GUILD, name: 'SWCombine Community', owner_id: USERS.kessa, premium_subscription_count: 1 });
    expect(guild).not.toHaveProperty('approximate_member_count');
    expect(guild.roles.map((r: { name: string }) => r.name)).toEqual([
      '@everyone',
      'Server Booster',
      'Verified',
      'Galactic Empire',
      'Galactic Weapon Systems',
      'Industry',
      'Officers',
      'Radiant Relay',
      'SWC Portal',
      'Moderators',
      'Admins',
    ]);
    expect(guild.roles[0]).toMatchObject({ id: GUILD, position: 0, managed: false });
    const counted = await call(app, 'GET', `/guilds/${GUILD}?with_counts=true`);
    expect(counted.json().approximate_member_count).toBe(7);
  });

  it("marks the bot's own role and the booster and other bot's roles managed, with their tags", async () => {
    const { app } = setup();
    const roles = (await call(app, 'GET', `/guilds/${GUILD}/roles`)).json() as {
      id: string;
      managed: boolean;
      tags?: object;
      position: number;
    }[];
    const byId = new Map(roles.map((r) => [r.id, r]));
    expect(byId.get(ROLES.bot)).toMatchObject({ managed: true, tags: { bot_id: USERS.bot }, position: 8, permissions: '402654211' });
    expect(byId.get(ROLES.booster)).toMatchObject({ managed: true, tags: { premium_subscriber: null } });
    expect(byId.get(ROLES.otherBot)).toMatchObject({ managed: true });
    expect(byId.get(ROLES.gws)).toMatchObject({ managed: false, position: 4, colors: { primary_color: 15105570, secondary_color: null } });
    expect(byId.get(ROLES.moderators)!.position).toBeGreaterThan(byId.get(ROLES.bot)!.position);
  });

  it('answers 401 to a wrong bot token or a user token, 10004 to another guild, 50035 to a malformed id', async () => {
    const { app } = setup();
    const user = await linkAs(app, USERS.mira);
    for (const headers of [bot('wrong'), bearer(user.access_token), {}]) {
      expect((await call(app, 'GET', `/guilds/${GUILD}`, undefined, headers)).json()).toEqual({ message: '401: Unauthorized', code: 0 });
    }
    const other = await call(app, 'GET', '/guilds/1103742841651200999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Unknown Guild', code: 10004 });
    const bad = await call(app, 'GET', '/guilds/abc/roles');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: { guild_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "abc" is not snowflake.' }] } },
    });
  });

  it('answers 50001 Missing Access once the bot is no longer in the server', async () => {
    const { app, sim } = setup();
    sim.removeMember(USERS.bot);
    const res = await call(app, 'GET', `/guilds/${GUILD}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });

  it("answers Discord's 404 for an unknown API path and 50041 for another API version", async () => {
    const { app } = setup();
    expect((await call(app, 'GET', '/guilds/1/channels/x/y')).json()).toEqual({ message: '404: Not Found', code: 0 });
    const v9 = await app.inject({ url: `/api/v9/guilds/${GUILD}`, headers: bot() });
    expect(v9.statusCode).toBe(400);
    expect(v9.json()).toEqual({ message: 'Invalid API Version', code: 50041 });
    expect((await app.inject({ url: `/api/guilds/${GUILD}`, headers: bot() })).statusCode).toBe(404);
  });
});
