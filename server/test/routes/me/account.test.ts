import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * The player's own account: where they are signed in, the apps that hold something for them, and
 * what changed. Each call answers only the caller's own data: another player's is a 404, never a leak.
 */
const BACKCHANNEL = 'https://wiki.example.com/oidc/backchannel';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let ctx: TestContext;
let admin: string;
let secret: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const me = (cookie: string) => call(cookie, 'GET', '/api/me');
const sessionsOf = async (cookie: string) => (await call(cookie, 'GET', '/api/me/sessions')).json() as { sid: string; current: boolean }[];
const refresh = (token: string) =>
  postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: token }, { authorization: basic('wiki', secret) });
const userinfo = (token: string) => ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${token}` } });
const backchannelSids = () => ctx.sentJobs.filter((j) => j.name === 'backchannel-logout').map((j) => (j.data as { sid: string }).sid);
const lastAudit = async (event: string) =>
  (await ctx.deps.db.query('SELECT * FROM audit_log WHERE event = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [event])).rows[0];

/** A fresh session of the character, from a browser with this user agent. */
const signInWith = async (uid: string, userAgent = CHROME_WINDOWS) => (await signIn(ctx, uid, { 'user-agent': userAgent })).cookie;

/** The player signs in to the wiki through OpenID Connect with offline_access: its tokens and the session's sid. */
async function connectWiki(cookie: string) {
  const jar = new CookieJar({ portal_session: cookie });
  const flow = await authorize(ctx, jar, { scope: 'openid profile offline_access' });
  const tokens = (await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) })).json();
  expect(tokens.refresh_token, JSON.stringify(tokens)).toEqual(expect.any(String));
  return { refreshToken: tokens.refresh_token as string, accessToken: tokens.access_token as string, sid: decodeJwt(tokens.id_token).sid };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, {
    key: 'wiki',
    name: 'Wiki',
    audience: 'https://wiki.example.com',
    url: 'https://wiki.example.com/',
    redirect_urls: [WIKI_REDIRECT],
    skip_uid_whitelist: true,
    backchannel_logout_url: BACKCHANNEL,
  });
  admin = await signInWith('1:100001');
  secret = await createClientSecret(ctx, admin, wiki.id);
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.sentJobs.length = 0;
});

describe('where you are signed in', () => {
  it('lists your live sessions with the device read from the user agent, this browser first and marked', async () => {
    const phone = await signInWith('1:100002', FIREFOX_ANDROID);
    const desktop = await signInWith('1:100002', CHROME_WINDOWS);
    const res = await call(desktop, 'GET', '/api/me/sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions[0]).toMatchObject({ device: 'Chrome on Windows', device_kind: 'desktop', current: true, user_agent: CHROME_WINDOWS });
    expect(sessions).toContainEqual(expect.objectContaining({ device: 'Firefox on Android', device_kind: 'phone', current: false }));
    expect(sessions[0].signed_in_at).toBe(ctx.clock.now().toISOString());
    expect(sessions[0].last_used_at).toEqual(expect.any(String));
    // Only Mira's: the admin's session is not among them.
    const adminSids = (await sessionsOf(admin)).map((s) => s.sid);
    expect(sessions.map((s: { sid: string }) => s.sid).filter((sid: string) => adminSids.includes(sid))).toEqual([]);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('signs out one other session: it ends, is audited with its device, and this browser goes on', async () => {
    const phone = await signInWith('1:100002', FIREFOX_ANDROID);
    const desktop = await signInWith('1:100002', CHROME_WINDOWS);
    const phoneSid = (await sessionsOf(phone)).find((s) => s.current)!.sid;
    const res = await call(desktop, 'DELETE', `/api/me/sessions/${phoneSid}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desktop)).statusCode).toBe(200);
    expect((await sessionsOf(desktop)).map((s) => s.sid)).not.toContain(phoneSid);
    expect(await lastAudit('session_signed_out')).toMatchObject({
      user_id: await userIdOf(ctx, '1:100002'),
      details: { sid: phoneSid, device: 'Firefox on Android', apps_notified: [] },
    });
  });

  it('ends what lasted as long as the session signed out, and tells the apps it used', async () => {
    const other = await signInWith('1:100002', FIREFOX_ANDROID);
    const held = await connectWiki(other);
    const jar = new CookieJar({ portal_session: other });
    const online = await authorize(ctx, jar, { scope: 'openid' });
    const onlineToken = (await exchange(ctx, online.code!, online.verifier, { authorization: basic('wiki', secret) })).json().access_token;
    expect((await userinfo(onlineToken)).statusCode).toBe(200);
    ctx.sentJobs.length = 0;
    const desktop = await signInWith('1:100002');
    expect((await call(desktop, 'DELETE', `/api/me/sessions/${held.sid}`)).statusCode).toBe(204);
    expect((await userinfo(onlineToken)).statusCode).toBe(401);
    expect(backchannelSids()).toEqual([held.sid]);
    // offline_access outlives the session, as after any sign-out: Disconnect ends it.
    expect((await refresh(held.refreshToken)).statusCode).toBe(200);
  });

  it("answers another player's session with a 404 and leaves it alone", async () => {
    const mira = await signInWith('1:100002');
    const adminSid = (await sessionsOf(admin)).find((s) => s.current)!.sid;
    const res = await call(mira, 'DELETE', `/api/me/sessions/${adminSid}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'You have no live session with this id.' });
    expect((await me(admin)).statusCode).toBe(200);
    expect((await call(mira, 'DELETE', '/api/me/sessions/no-such-sid')).statusCode).toBe(404);
  });

  it("refuses this browser's own session with a 409 that says to use Logout", async () => {
    const mira = await signInWith('1:100002');
    const own = (await sessionsOf(mira)).find((s) => s.current)!.sid;
    const res = await call(mira, 'DELETE', `/api/me/sessions/${own}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This is the session you are using: sign out of it with Logout.');
    expect((await me(mira)).statusCode).toBe(200);
  });

  it('signs out everywhere else: every other session of yours ends, this one and other players’ go on', async () => {
    const a = await signInWith('1:100002');
    const b = await signInWith('1:100002');
    const here = await signInWith('1:100002');
    const res = await call(here, 'DELETE', '/api/me/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
    expect(await sessionsOf(here)).toEqual([expect.objectContaining({ current: true })]);
    expect((await lastAudit('other_sessions_signed_out')).details).toMatchObject({ sessions_ended: res.json().ended });
    expect((await call(here, 'DELETE', '/api/me/sessions')).json()).toEqual({ ended: 0 });
  });
});

describe('connected apps', () => {
  it('lists an OpenID Connect app holding a grant: scopes in words, since when, last used, can act while you are away', async () => {
    // A player with no other grant: grants made in the same second (the library's iat) have no order among them.
    const player = await signInWith('1:100003');
    await connectWiki(player);
    const res = await call(player, 'GET', '/api/me/connected-apps');
    expect(res.statusCode).toBe(200);
    expect(res.json().oidc).toHaveLength(1);
    const [wiki] = res.json().oidc;
    expect(wiki).toMatchObject({ key: 'wiki', name: 'Wiki', offline: true });
    expect(wiki.scopes).toEqual(
      expect.arrayContaining([
        { scope: 'openid', words: 'Know who you are (your character’s UID)' },
        { scope: 'profile', words: 'See your character’s name, picture, race and faction' },
        { scope: 'offline_access', words: 'Act while you are away' },
      ]),
    );
    expect(Date.parse(wiki.since)).not.toBeNaN();
    expect(Date.parse(wiki.last_used_at)).toBeGreaterThanOrEqual(Date.parse(wiki.since));
    // The admin holds no grant: the player's is not theirs to see.
    expect((await call(admin, 'GET', '/api/me/connected-apps')).json().oidc).toEqual([]);
  });

  it('disconnects an app: its refresh token is invalid_grant, its access token refused, and it is told by back-channel logout', async () => {
    const mira = await signInWith('1:100002');
    const held = await connectWiki(mira);
    ctx.sentJobs.length = 0;
    const res = await call(mira, 'DELETE', '/api/me/connected-apps/wiki');
    expect(res.statusCode, res.body).toBe(204);
    expect((await refresh(held.refreshToken)).json().error).toBe('invalid_grant');
    expect((await userinfo(held.accessToken)).statusCode).toBe(401);
    expect(backchannelSids()).toContain(held.sid);
    expect((await call(mira, 'GET', '/api/me/connected-apps')).json().oidc).toEqual([]);
    expect((await lastAudit('app_disconnected')).app_key).toBe('wiki');
    // The portal session goes on, and the player may still open the app.
    expect((await me(mira)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/auth/verify?aud=https://wiki.example.com', cookies: { portal_session: mira } })).statusCode).toBe(
      200,
    );
  });

  it('tells the app by back-channel logout even when no live session used it: by the player (sub) alone, without a sid', async () => {
    const away = await signInWith('1:100002');
    const held = await connectWiki(away);
    const here = await signInWith('1:100002');
    // The session that connected the wiki ends; its offline_access grant outlives it.
    expect((await call(here, 'DELETE', '/api/me/sessions')).statusCode).toBe(200);
    expect((await refresh(held.refreshToken)).statusCode).toBe(200);
    ctx.sentJobs.length = 0;
    expect((await call(here, 'DELETE', '/api/me/connected-apps/wiki')).statusCode).toBe(204);
    const told = ctx.sentJobs.filter((j) => j.name === 'backchannel-logout').map((j) => j.data);
    expect(told).toEqual([
      expect.objectContaining({ userId: await userIdOf(ctx, '1:100002'), viaOidc: true, app: expect.objectContaining({ key: 'wiki' }) }),
    ]);
    expect(told[0]).not.toHaveProperty('sid');
    expect((await lastAudit('app_disconnected')).details).toMatchObject({ apps_notified: ['wiki'] });
  });

  it("answers an app another player connected with a 404 and leaves that player's grant alone", async () => {
    const mira = await signInWith('1:100002');
    const held = await connectWiki(mira);
    const res = await call(admin, 'DELETE', '/api/me/connected-apps/wiki');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No app with the key "wiki" is connected to your account.');
    expect((await refresh(held.refreshToken)).statusCode).toBe(200);
    expect((await call(mira, 'DELETE', '/api/me/connected-apps/nothing-here')).statusCode).toBe(404);
  });

  it('lists the apps that may act on SWCombine for you, with whether the automation token is on', async () => {
    await createAppFixture(ctx, { key: 'hauler', name: 'Hauler', skip_uid_whitelist: true, allow_delegated_swc_token: true });
    await createAppFixture(ctx, { key: 'closed', name: 'Closed', allow_delegated_swc_token: true });
    const mira = await signInWith('1:100002');
    const { token_exchange } = (await call(mira, 'GET', '/api/me/connected-apps')).json();
    expect(token_exchange).toEqual({
      automation_token_enabled: false,
      apps: [{ key: 'hauler', name: 'Hauler', icon: null, last_used_at: null }],
    });
  });
});

describe('apps you can open and why', () => {
  it("says each app's source in the player's words, and which group would admit them to the others", async () => {
    await createAppFixture(ctx, { key: 'granted', name: 'Granted App' });
    const pilotsApp = await createAppFixture(ctx, { key: 'ops', name: 'Fleet Ops' });
    const factionApp = await createAppFixture(ctx, { key: 'armory', name: 'Armory' });
    await createAppFixture(ctx, { key: 'console', name: 'Console', allow_global_admin: true });
    const suspendedApp = await createAppFixture(ctx, { key: 'banned', name: 'Banned' });
    const miraId = await userIdOf(ctx, '1:100002');
    const pilots = (await call(admin, 'POST', '/api/admin/groups', { name: 'Pilots', description: '' })).json();
    await call(admin, 'POST', `/api/admin/groups/${pilots.id}/members`, { uids: ['1:100002'] });
    const gws = (await call(admin, 'GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400');
    await call(admin, 'PUT', `/api/admin/apps/${pilotsApp.id}/access-rules`, { rules: [{ group_id: pilots.id }] });
    await call(admin, 'PUT', `/api/admin/apps/${factionApp.id}/access-rules`, { rules: [{ group_id: gws.id }] });
    await call(admin, 'PUT', `/api/admin/apps/${suspendedApp.id}/access-rules`, { rules: [{ group_id: gws.id }] });
    await call(admin, 'POST', `/api/admin/users/${miraId}/apps/granted/grant`);
    await call(admin, 'POST', `/api/admin/users/${miraId}/apps/banned/suspend`);

    const mira = await signInWith('1:100002');
    const why = (await call(mira, 'GET', '/api/me/apps/why')).json();
    const openFor = (body: typeof why) => Object.fromEntries(body.open.map((a: { key: string; why: string }) => [a.key, a.why]));
    expect(openFor(why)).toMatchObject({
      granted: 'granted by an admin',
      ops: 'through your group Pilots',
      wiki: 'open to every player',
    });
    expect(Object.keys(openFor(why))).not.toContain('banned');
    expect(why.open.find((a: { key: string }) => a.key === 'ops')).toMatchObject({ via: 'group', group: 'Pilots', until: null });
    expect(why.askable).toEqual([
      {
        key: 'armory',
        name: 'Armory',
        icon: null,
        groups: [{ name: 'Galactic Weapon Systems', kind: 'faction' }],
        why: 'Open to members of the faction Galactic Weapon Systems',
        // A faction is joined in the game: nothing to join here, an admin to ask.
        join: null,
        ask_whom: 'Ask an admin of the portal',
      },
    ]);

    // Jorin is in Galactic Weapon Systems and a global admin.
    const forAdmin = openFor((await call(admin, 'GET', '/api/me/apps/why')).json());
    expect(forAdmin).toMatchObject({ armory: 'through your faction Galactic Weapon Systems', console: 'as a global admin' });
    expect(Object.keys(forAdmin)).not.toContain('ops');
  });
});

describe('what changed', () => {
  it("lists the player's own events newest first, in their words, paged, without an admin's address", async () => {
    const mira = await signInWith('1:100002', FIREFOX_ANDROID);
    const miraId = await userIdOf(ctx, '1:100002');
    ctx.clock.advance(1000);
    await call(admin, 'POST', `/api/admin/users/${miraId}/apps/wiki/suspend`);
    const res = await call(mira, 'GET', '/api/me/events?limit=2');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    const [latest, before] = res.json();
    expect(latest).toMatchObject({ event: 'access_suspended', sentence: 'An admin suspended your access to Wiki', ip: null, device: null });
    expect(before).toMatchObject({ event: 'login', sentence: 'You signed in', device: 'Firefox on Android', ip: expect.any(String) });
    const next = (await call(mira, 'GET', '/api/me/events?limit=2&offset=2')).json();
    expect(next[0].at <= before.at).toBe(true);
    // Hers and only hers: as many as the audit log holds about her, none of the admin's.
    const hers = await ctx.deps.db.query("SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND event NOT LIKE 'backchannel%'", [
      miraId,
    ]);
    expect(Number(res.headers['x-total-count'])).toBe(hers.rows[0].n);
    const adminEvents = (await call(admin, 'GET', '/api/me/events?limit=100')).json() as { sentence: string }[];
    expect(adminEvents.map((e) => e.sentence)).not.toContain('An admin suspended your access to Wiki');
    await call(admin, 'POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
  });

  it('refuses a page out of range in words', async () => {
    const res = await call(admin, 'GET', '/api/me/events?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('querystring.limit: limit must be at least 1');
  });
});

describe('the dashboard notice', () => {
  it('tells the player once of a change that ended access, until dismissed; a later change shows again', async () => {
    const holonet = await createAppFixture(ctx, { key: 'holonet', name: 'Holonet' });
    const crew = (await call(admin, 'POST', '/api/admin/groups', { name: 'Crew', description: '' })).json();
    await call(admin, 'POST', `/api/admin/groups/${crew.id}/members`, { uids: ['1:100002'] });
    await call(admin, 'PUT', `/api/admin/apps/${holonet.id}/access-rules`, { rules: [{ group_id: crew.id }] });
    const mira = await signInWith('1:100002');
    const miraId = await userIdOf(ctx, '1:100002');
    await call(mira, 'POST', '/api/me/notices/seen', { until: ctx.clock.now().toISOString() });
    expect((await call(mira, 'GET', '/api/me/notices')).json()).toEqual({ notices: [] });

    ctx.clock.advance(1000);
    await call(admin, 'DELETE', `/api/admin/groups/${crew.id}/members/${miraId}`);
    const { notices } = (await call(mira, 'GET', '/api/me/notices')).json();
    expect(notices).toEqual([
      {
        at: ctx.clock.now().toISOString(),
        event: 'group_member_removed',
        sentence: 'Your access to Holonet ended: an admin removed you from Crew',
      },
    ]);
    // Another player sees none of it.
    expect((await call(admin, 'GET', '/api/me/notices')).json().notices).not.toContainEqual(expect.objectContaining({ at: notices[0].at }));

    const seen = await call(mira, 'POST', '/api/me/notices/seen', { until: notices[0].at });
    expect(seen.statusCode).toBe(204);
    expect((await call(mira, 'GET', '/api/me/notices')).json()).toEqual({ notices: [] });

    ctx.clock.advance(1000);
    await call(admin, 'POST', `/api/admin/users/${miraId}/apps/holonet/grant`);
    expect((await call(mira, 'GET', '/api/me/notices')).json().notices).toEqual([
      expect.objectContaining({ event: 'access_granted', sentence: 'An admin gave you access to Holonet' }),
    ]);
  });

  it('tells the player of what an admin opened or ended by adding them to a group, changing rules or deleting the group', async () => {
    const depot = await createAppFixture(ctx, { key: 'depot', name: 'Depot' });
    const quartermasters = (await call(admin, 'POST', '/api/admin/groups', { name: 'Quartermasters', description: '' })).json();
    await call(admin, 'PUT', `/api/admin/apps/${depot.id}/access-rules`, { rules: [{ group_id: quartermasters.id }] });
    const mira = await signInWith('1:100002');
    await call(mira, 'POST', '/api/me/notices/seen', { until: ctx.clock.now().toISOString() });
    const noticeAfter = async (change: () => Promise<unknown>) => {
      ctx.clock.advance(1000);
      await change();
      const { notices } = (await call(mira, 'GET', '/api/me/notices')).json();
      await call(mira, 'POST', '/api/me/notices/seen', { until: ctx.clock.now().toISOString() });
      return notices.map((n: { sentence: string }) => n.sentence);
    };

    expect(
      await noticeAfter(() => call(admin, 'POST', `/api/admin/groups/${quartermasters.id}/members`, { uids: ['1:100002', '1:100003'] })),
    ).toEqual(['An admin added you to Quartermasters: you may now open Depot']);
    expect(await noticeAfter(() => call(admin, 'PUT', `/api/admin/apps/${depot.id}/access-rules`, { rules: [] }))).toEqual([
      'Your access to Depot ended: an admin changed who may open it',
    ]);
    expect(
      await noticeAfter(() => call(admin, 'PUT', `/api/admin/apps/${depot.id}/access-rules`, { rules: [{ group_id: quartermasters.id }] })),
    ).toEqual(['You may now open Depot: an admin changed who may open it']);
    expect(await noticeAfter(() => call(admin, 'DELETE', `/api/admin/groups/${quartermasters.id}`))).toEqual([
      'Your access to Depot ended: an admin deleted the group Quartermasters',
    ]);
    // Each is hers alone, and in What changed too; the other player added got one row of his own.
    const events = (await call(mira, 'GET', '/api/me/events?limit=10')).json();
    expect(events.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['group_member_added', 'access_ended', 'access_opened']),
    );
    const rows = await ctx.deps.db.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE event = 'group_member_added' AND details->>'group_id' = $1",
      [quartermasters.id],
    );
    expect(rows.rows[0].n).toBe(2);
  });

  it('says "you left" a faction in the words of the change, and hides nothing later than what was shown', async () => {
    const fleet = await createAppFixture(ctx, { key: 'fleet', name: 'Fleet Ops' });
    const gws = (await call(admin, 'GET', '/api/admin/groups')).json().find((g: { faction_uid: string }) => g.faction_uid === '20:2400');
    await call(admin, 'PUT', `/api/admin/apps/${fleet.id}/access-rules`, { rules: [{ group_id: gws.id }] });
    ctx.sim.population.move('1:100002', '20:2400');
    ctx.clock.advance(25 * 3600_000); // the stored profile is a day old: the next sign-in reads it again
    let mira = await signInWith('1:100002');
    await call(mira, 'POST', '/api/me/notices/seen', { until: ctx.clock.now().toISOString() });

    ctx.sim.population.move('1:100002', '20:7');
    ctx.clock.advance(25 * 3600_000);
    mira = await signInWith('1:100002');
    const { notices } = (await call(mira, 'GET', '/api/me/notices')).json();
    // Armory's rule (an earlier case) admitted Galactic Weapon Systems too.
    expect(notices[0].sentence).toBe('Your access to Armory and Fleet Ops ended: you left Galactic Weapon Systems');

    // Seen "until" a time to come counts only up to now.
    await call(mira, 'POST', '/api/me/notices/seen', { until: '2099-01-01T00:00:00Z' });
    ctx.clock.advance(1000);
    admin = await signInWith('1:100001'); // the admin's session ended in the days that went by
    await call(admin, 'POST', `/api/admin/users/${await userIdOf(ctx, '1:100002')}/apps/fleet/suspend`);
    expect((await call(mira, 'GET', '/api/me/notices')).json().notices.map((n: { sentence: string }) => n.sentence)).toEqual([
      'An admin suspended your access to Fleet Ops',
    ]);
  });

  it('refuses a time that is not one, in words', async () => {
    const res = await call(admin, 'POST', '/api/me/notices/seen', { until: 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.until: until must be a date and time such as 2026-11-22T12:00:00Z');
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/me/sessions'],
    ['DELETE', '/api/me/sessions'],
    ['DELETE', '/api/me/sessions/abc'],
    ['GET', '/api/me/connected-apps'],
    ['DELETE', '/api/me/connected-apps/wiki'],
    ['GET', '/api/me/apps/why'],
    ['GET', '/api/me/events'],
    ['GET', '/api/me/notices'],
  ] as const)('%s %s is a 401', async (method, url) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
  });
});
