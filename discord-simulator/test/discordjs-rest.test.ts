import { DiscordAPIError, HTTPError, REST, type RateLimitData } from '@discordjs/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { startDiscordSimulator, type DiscordSimulatorOptions, type RunningDiscordSimulator } from '../src/index.ts';
import { GUILD, hiddenFields, REDIRECT, ROLES, USERS } from './helpers.ts';

/**
 * The discord.js project's REST client, pointed at the simulator with its `api` option exactly as the
 * product points it at DISCORD_URL: `${DISCORD_URL}/api` (it adds `/v10` itself).
 */
let sim: RunningDiscordSimulator;
let rest: REST;

async function start(opts: Partial<DiscordSimulatorOptions> = {}) {
  sim = await startDiscordSimulator({ port: 0, ...opts });
  rest = new REST({ api: `${sim.url}/api`, version: '10' }).setToken(sim.connection.botToken);
  return sim;
}

afterEach(async () => {
  rest?.clearHashSweeper();
  rest?.clearHandlerSweeper();
  await sim?.close();
});

/** A player's OAuth2 link in the browser, done with fetch: the authorize page, its button, the code exchange. */
async function userToken(userId: string, scope = 'identify guilds.join'): Promise<string> {
  const q = new URLSearchParams({ response_type: 'code', client_id: sim.connection.clientId, scope, redirect_uri: REDIRECT, state: 's' });
  const page = await (await fetch(`${sim.url}/oauth2/authorize?${q}`)).text();
  const decision = await fetch(`${sim.url}/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...hiddenFields(page), user_id: userId }),
  });
  const code = new URL(decision.headers.get('location')!).searchParams.get('code')!;
  const { clientId, clientSecret } = sim.connection;
  const token = await fetch(`${sim.url}/api/v10/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

const member = (u: string) => `/guilds/${GUILD}/members/${u}` as const;
const memberRole = (u: string, r: string) => `/guilds/${GUILD}/members/${u}/roles/${r}` as const;

/** The simulator's log of the requests to one route, with their times. */
function requestsTo(route: string) {
  return sim.requests(2000).filter((r) => r.route === route);
}

describe('@discordjs/rest against the simulator', () => {
  it('reads the server, its roles and every member page by page, as a reconcile would', async () => {
    await start({ generatedMembers: 1500 });
    const guild = (await rest.get(`/guilds/${GUILD}`)) as { name: string; roles: unknown[] };
    expect(guild.name).toBe('SWCombine Community');
    expect((await rest.get(`/guilds/${GUILD}/roles`)) as unknown[]).toHaveLength(11);
    const seen: string[] = [];
    let after = '0';
    for (;;) {
      const page = (await rest.get(`/guilds/${GUILD}/members`, { query: new URLSearchParams({ limit: '1000', after }) })) as {
        user: { id: string };
      }[];
      seen.push(...page.map((m) => m.user.id));
      if (page.length < 1000) break;
      after = page.at(-1)!.user.id;
    }
    expect(seen).toHaveLength(1507);
    expect(sim.stats().by_route['GET /guilds/{guild.id}/members']).toBe(2);
  });

  it('links a player: Add Guild Member with their token (201, the member), 204 once in; Modify and one-role changes', async () => {
    await start();
    const token = await userToken(USERS.mira);
    const added = (await rest.put(member(USERS.mira), { body: { access_token: token, nick: 'Mira Solan', roles: [ROLES.gws] } })) as {
      roles: string[];
    };
    expect(added.roles).toEqual([ROLES.gws]);
    expect(await rest.put(member(USERS.mira), { body: { access_token: token } })).toEqual(new ArrayBuffer(0));
    await rest.patch(member(USERS.drex), {
      body: { roles: [ROLES.booster], nick: null },
      reason: 'Drex Holloway left Galactic Weapon Systems',
    });
    await rest.put(memberRole(USERS.jorin, ROLES.industry));
    await rest.delete(memberRole(USERS.mira, ROLES.gws));
    expect(sim.member('mira.solan')).toMatchObject({ in_guild: true, nick: 'Mira Solan', roles: [] });
    expect(sim.member('drex.holloway')).toMatchObject({ nick: null, roles: [{ name: 'Server Booster' }] });
    expect(sim.member('jorin.vex').roles).toEqual([{ id: ROLES.industry, name: 'Industry' }]);
    expect(sim.auditLog().find((e) => e.target === USERS.drex)?.reason).toBe('Drex Holloway left Galactic Weapon Systems');
  });

  it("surfaces Discord's errors as DiscordAPIError with code and status, and sends each 401 or 403 once", async () => {
    await start();
    const fail = (p: Promise<unknown>) =>
      p.then(
        () => expect.fail('answered'),
        (err: unknown) => err as DiscordAPIError,
      );
    const above = await fail(rest.put(memberRole(USERS.jorin, ROLES.moderators)));
    expect(above).toBeInstanceOf(DiscordAPIError);
    expect([above.status, above.code, above.message]).toEqual([403, 50013, 'Missing Permissions']);
    const notIn = await fail(rest.patch(member(USERS.mira), { body: { nick: 'x' } }));
    expect([notIn.status, notIn.code]).toEqual([404, 10007]);
    const long = await fail(rest.patch(member(USERS.jorin), { body: { nick: 'x'.repeat(33) } }));
    expect(long.code).toBe(50035);
    expect(long.message).toBe('Invalid Form Body\nnick[BASE_TYPE_BAD_LENGTH]: Must be between 1 and 32 in length.');
    sim.rotateBotToken();
    const revoked = await fail(rest.get(`/guilds/${GUILD}`));
    expect([revoked.status, revoked.code]).toEqual([401, 0]);
    expect(sim.stats().by_status).toEqual({ 401: 1, 403: 1, 404: 1, 400: 1 });
  });

  it('waits out a 429 from a forced bucket: the retry comes after retry_after, never before', async () => {
    await start();
    sim.forceRateLimit('member-role', { requests: 1, retry_after: 0.6 });
    const limited: RateLimitData[] = [];
    rest.on('rateLimited', (info) => void limited.push(info));
    await rest.put(memberRole(USERS.jorin, ROLES.gws));
    expect(sim.member('jorin.vex').roles).toEqual([{ id: ROLES.gws, name: 'Galactic Weapon Systems' }]);
    const [refused, retried] = requestsTo('PUT /guilds/{guild.id}/members/{user.id}/roles/{role.id}');
    expect([refused!.status, retried!.status]).toEqual([429, 204]);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(600);
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 1 }, early: 0 });
    expect(limited).toHaveLength(1);
  });

  it('waits out a bucket limited for a while with one 429, while requests to other buckets go on', async () => {
    await start();
    sim.forceRateLimit('modify-member', { seconds: 1 });
    const began = Date.now();
    const patched = rest.patch(member(USERS.jorin), { body: { nick: 'Jorin Vex' } });
    const roles = (await rest.get(`/guilds/${GUILD}/roles`)) as unknown[];
    expect(roles).toHaveLength(11);
    expect(Date.now() - began).toBeLessThan(900);
    await patched;
    expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
    expect(sim.member('jorin.vex').nick).toBe('Jorin Vex');
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 1 }, early: 0 });
  });

  it('waits out shared-scope and global 429s too, sending nothing early', async () => {
    await start();
    sim.forceRateLimit('member-role', { requests: 1, retry_after: 0.3, scope: 'shared' });
    await rest.put(memberRole(USERS.jorin, ROLES.gws));
    sim.forceRateLimit('get-member', { requests: 1, retry_after: 0.4, scope: 'global' });
    // Once the client knows of the global limit, a request to another route waits for it too.
    const other = new Promise((resolve) => rest.once('rateLimited', () => resolve(rest.get(`/guilds/${GUILD}/roles`))));
    await Promise.all([rest.get(member(USERS.jorin)), other]);
    const [globalLimited] = requestsTo('GET /guilds/{guild.id}/members/{user.id}');
    const [roles] = requestsTo('GET /guilds/{guild.id}/roles');
    expect(roles!.at - globalLimited!.at).toBeGreaterThanOrEqual(400);
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 2 }, early: 0, invalid: { total: 1 } });
  });

  it('never sends early to a bucket it has emptied: it reads the headers and waits for the reset', async () => {
    await start({ buckets: { 'member-role': { limit: 4, windowSeconds: 1 } } });
    const began = Date.now();
    const roles = [ROLES.gws, ROLES.industry, ROLES.officers, ROLES.empire, ROLES.verified];
    await Promise.all([
      ...roles.map((r) => rest.put(memberRole(USERS.jorin, r))),
      ...roles.map((r) => rest.put(memberRole(USERS.drex, r))),
    ]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(2000);
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 0 }, early: 0 });
    expect(sim.member('jorin.vex').roles).toHaveLength(5);
  });

  it('retries a 5xx and gets through; gives up with HTTPError after its retries', async () => {
    await start();
    sim.startOutage({ status: 502, requests: 2 });
    expect(((await rest.get(`/guilds/${GUILD}`)) as { id: string }).id).toBe(GUILD);
    sim.startOutage({ status: 503, seconds: 30 });
    const err = await rest.get(`/guilds/${GUILD}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HTTPError);
    expect((err as HTTPError).status).toBe(503);
    sim.stopOutage();
    expect(sim.stats().by_status).toMatchObject({ 502: 2, 503: 4, 200: 1 });
  });

  it('sees an unreachable API as a network error (a reset connection) and gets through once it is back', async () => {
    await start();
    sim.startOutage({ mode: 'unreachable', requests: 1 });
    // @discordjs/rest retries a connection reset on its own.
    expect(((await rest.get(`/guilds/${GUILD}`)) as { id: string }).id).toBe(GUILD);
    sim.startOutage({ mode: 'unreachable', seconds: 30 });
    await expect(rest.get(`/guilds/${GUILD}`)).rejects.toThrow();
    sim.stopOutage();
    expect(((await rest.get(`/guilds/${GUILD}`)) as { id: string }).id).toBe(GUILD);
    expect(sim.stats().outages).toBe(5);
  });
});
