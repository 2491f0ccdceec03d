import * as client from 'openid-client';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { startNginxGate } from './helpers/nginx-gate.ts';
import { refusal, signInFlow } from './helpers/openid-client-flow.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';
import { moveCharacter } from './helpers/simulator-control.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';

/**
 * Access that follows the game, as an operator sets it up: a binding that may read the faction's
 * member list, a rule "faction Galactic Weapon Systems may open the Depot", and the game moving a
 * player in and out of the faction. Real nginx (auth_request) and openid-client stand for the app.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
// A product of its own: reading a 2,000-member roster makes 2,000 users, which other specs' lists would page past.
const PORT = E2E_PORT + 100;
// The product runs its bundled simulator on PORT + 1 (SWC_SIMULATOR_PORT's default).
const SIMULATOR = `http://127.0.0.1:${PORT + 1}`;
const GATE_PORT = E2E_PORT + 90;
// The app's own side: nginx's upstream, which echoes what the check handed it, and the OpenID Connect callback.
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT + 91}`;
const CALLBACK = `${APP_ORIGIN}/callback`;
const FACTION = { uid: '20:2400', name: 'Galactic Weapon Systems' };
const MIRA = { uid: '1:100002', name: 'Mira Solan' };
const APP = { key: 'gws-depot', name: 'GWS Depot' };

let product: RunningProduct;
let baseUrl: string;
let browser: Browser;
let upstream: Server;
let gate: Awaited<ReturnType<typeof startNginxGate>>;
let admin: ReturnType<typeof api>;
let depot: client.Configuration;
let factionId: string;
let depotId: string;
let mira: { context: BrowserContext; page: Page; cookie: string };

/** The upstream app answers with the identity nginx handed it from the check. */
function startUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/callback'))
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Depot</title>');
    // The groups claim of the at+jwt nginx handed over, beside the header, to compare the two.
    const jwt = String(req.headers.authorization ?? '').split('.')[1];
    const claims = jwt ? (JSON.parse(Buffer.from(jwt, 'base64url').toString()) as { groups?: string[] }) : {};
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ user: req.headers['x-auth-request-user'], groups: req.headers['x-auth-request-groups'], jwtGroups: claims.groups }),
    );
  });
  return new Promise((resolve) => server.listen(Number(new URL(APP_ORIGIN).port), '127.0.0.1', () => resolve(server)));
}

const throughNginx = (cookie: string) => fetch(`${gate.url}/stores`, { headers: { cookie } });

/** X-Auth-Request-Groups read as docs/access.md says: split on commas, then percent-decode each name. */
const decodeGroups = (header: string) => (header === '' ? [] : header.split(',').map(decodeURIComponent));

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Mira's row in the faction group as the admin's Groups screen lists it, if she is in it. */
async function miraInFaction(): Promise<{ left_at: string | null } | undefined> {
  const rows = (await admin('GET', `/api/admin/groups/${factionId}/members?q=${MIRA.uid}`)).body as {
    uid: string;
    left_at: string | null;
  }[];
  return rows.find((r) => r.uid === MIRA.uid);
}

beforeAll(async () => {
  product = await startProduct(PORT);
  baseUrl = product.baseUrl;
  await seedApps(product.databaseUrl, [
    { key: APP.key, name: APP.name, url: `${APP_ORIGIN}/`, redirect_urls: [`${APP_ORIGIN}/`, CALLBACK] },
  ]);
  // The game as the spec begins: Mira in no faction.
  await moveCharacter(SIMULATOR, MIRA.uid, null);
  upstream = await startUpstream();
  gate = await startNginxGate({ port: GATE_PORT, verifyUrl: `${baseUrl}/auth/verify?aud=${APP.key}`, upstream: APP_ORIGIN });
  admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  depotId = apps.find((a) => a.key === APP.key)!.id;
  const secret = await admin('POST', `/api/admin/apps/${depotId}/client-secret`);
  expect(secret.status).toBe(201);
  const { client_secret } = secret.body as { client_secret: string };
  depot = await client.discovery(new URL(baseUrl), APP.key, undefined, client.ClientSecretBasic(client_secret), {
    execute: [client.allowInsecureRequests],
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await mira?.context.close();
  await browser?.close();
  await gate?.stop();
  upstream?.close();
  await product?.stop();
});

describe('a faction may open an app, and leaving the faction in the game ends it everywhere', () => {
  it('an admin connects a binding that may read the faction’s member list', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin/swc`);
    await page.getByRole('checkbox', { name: 'faction_members' }).check();
    await page.getByRole('button', { name: 'Save & Connect' }).click();
    await page.getByRole('button', { name: 'Sign in as Jorin Vex' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByText(/^Scopes: .*faction_members/).waitFor();
    await context.close();
  });

  it('writes the rule "faction Galactic Weapon Systems may open GWS Depot"; Mira, in no faction, is refused', async () => {
    const groups = (await admin('GET', '/api/admin/groups')).body as {
      id: string;
      faction_uid: string | null;
      roster: { readable: boolean };
    }[];
    const faction = groups.find((g) => g.faction_uid === FACTION.uid)!;
    expect(faction.roster.readable).toBe(true);
    factionId = faction.id;
    const saved = await admin('PUT', `/api/admin/apps/${depotId}/access-rules`, {
      rules: [{ group_id: factionId, roles: ['quartermaster'], scopes: [], grace_hours: 0 }],
    });
    expect(saved.status).toBe(200);

    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, MIRA.name);
    const cookie = (await context.cookies()).find((c) => c.name === 'portal_session')!;
    mira = { page, context, cookie: `portal_session=${cookie.value}` };
    expect((await throughNginx(mira.cookie)).status).toBe(401);
  });

  let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

  it('Mira joins the faction in the game: nginx admits her with the faction among her groups, openid-client gets it as a claim', async () => {
    await moveCharacter(SIMULATOR, MIRA.uid, FACTION.uid);
    // Her sign-in names the faction when her profile is read; a roster read finds her in any case.
    expect((await admin('POST', '/api/admin/groups/refresh')).status).toBe(202);
    await until('the roster read finds Mira in the faction', async () => ((await miraInFaction())?.left_at === null ? true : undefined));

    const admitted = await throughNginx(mira.cookie);
    expect(admitted.status).toBe(200);
    const seen = (await admitted.json()) as { user: string; groups: string };
    expect(seen.user).toBe(MIRA.uid);
    expect(decodeGroups(seen.groups)).toContain(FACTION.name);

    // Signed in already: the authorization answers at once.
    tokens = await signInFlow(depot, mira.context, CALLBACK, 'openid groups offline_access');
    expect(tokens.claims()).toMatchObject({ sub: MIRA.uid, aud: APP.key });
    expect(tokens.claims()!.groups).toContain(FACTION.name);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const info = await client.fetchUserInfo(depot, tokens.access_token, MIRA.uid);
    expect(info.groups).toContain(FACTION.name);
  });

  it('Mira leaves the faction in the game: within 60 s of the roster read nginx refuses her, her tokens are dead, one "left" event', async () => {
    await moveCharacter(SIMULATOR, MIRA.uid, null);
    const readAt = Date.now();
    const since = new Date(readAt - 1000).toISOString();
    expect((await admin('POST', '/api/admin/groups/refresh')).status).toBe(202);
    const refusedAt = await until('nginx refuses Mira', async () => ((await throughNginx(mira.cookie)).ok ? undefined : Date.now()));
    const elapsed = refusedAt - readAt;
    console.log(`From "Read rosters now" to nginx refusing Mira: ${(elapsed / 1000).toFixed(2)} s (goal < 60 s)`);
    expect(elapsed).toBeLessThan(60_000);
    expect((await throughNginx(mira.cookie)).status).toBe(401);

    expect(await refusal(client.refreshTokenGrant(depot, tokens.refresh_token!))).toBe('invalid_grant');
    const userinfo = await fetch(depot.serverMetadata().userinfo_endpoint!, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);

    const users = (await admin('GET', `/api/admin/users?q=${encodeURIComponent(MIRA.name)}`)).body as { id: string; uid: string }[];
    const miraId = users.find((u) => u.uid === MIRA.uid)!.id;
    const audit = (await admin('GET', `/api/admin/audit?event=group_left&user=${miraId}&from=${encodeURIComponent(since)}`)).body as {
      events: { details: Record<string, unknown> }[];
    };
    expect(audit.events.map((e) => e.details)).toEqual([{ group: FACTION.name, apps_ended: [APP.name] }]);
  });
});

describe('what the Depot is told of a player’s groups, through nginx', () => {
  const TALIA = { uid: '1:100004', faction: '20:7' };
  let miraCookie: string;

  const newGroup = async (name: string, uids: string[]) => {
    const created = await admin('POST', '/api/admin/groups', { name, description: '' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body as { id: string };
    if (uids.length) expect((await admin('POST', `/api/admin/groups/${id}/members`, { uids })).status).toBe(200);
    return id;
  };
  const depotRules = async (groupIds: string[]) => {
    const rules = groupIds.map((group_id) => ({ group_id, roles: [], scopes: [], grace_hours: 0 }));
    expect((await admin('PUT', `/api/admin/apps/${depotId}/access-rules`, { rules })).status).toBe(200);
  };
  /** The groups the Depot is told of: the header decoded, and the at+jwt's claim, which must agree. */
  const toldThroughNginx = async (cookie: string) => {
    const res = await throughNginx(cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const seen = (await res.json()) as { groups: string; jwtGroups: string[] };
    expect(seen.jwtGroups).toEqual(decodeGroups(seen.groups));
    return decodeGroups(seen.groups);
  };

  const hostile = ['%61dmins', 'a, admins', 'a%2C%20admins', 'Fleet+Ops'];
  const ruled: string[] = [];

  it('reads hostile group names back exactly, as docs/access.md decodes them, never a group the player is not in', async () => {
    miraCookie = await signIn(baseUrl, MIRA.uid);
    for (const name of hostile) ruled.push(await newGroup(name, [MIRA.uid]));
    ruled.push(await newGroup('admins', []));
    await depotRules(ruled);

    const mira = await toldThroughNginx(miraCookie);
    expect(mira.sort()).toEqual([...hostile].sort());
    expect(mira).not.toContain('admins');
  });

  it('refuses a group named as a faction, and sends a faction that appears later with a group’s name under its UID', async () => {
    const taken = await admin('POST', '/api/admin/groups', { name: FACTION.name, description: '' });
    expect(taken.status).toBe(400);
    expect((taken.body as { message: string }).message).toMatch(/is the name of the SWCombine faction Galactic Weapon Systems/);

    // A group an admin keeps named "Galactic Empire", then that faction's first member signs in.
    const empire = await newGroup('Galactic Empire', [TALIA.uid]);
    const talia = await signIn(baseUrl, TALIA.uid);
    const groups = (await admin('GET', '/api/admin/groups')).body as { id: string; faction_uid: string | null }[];
    ruled.push(empire, groups.find((g) => g.faction_uid === TALIA.faction)!.id);
    await depotRules(ruled);
    expect(await toldThroughNginx(talia)).toEqual(['Galactic Empire', 'Galactic Empire (20:7)']);
  });

  it('admits a player in 40 more groups, telling the Depot only of the groups its rules name', async () => {
    const squadrons = Array.from({ length: 40 }, (_, i) => `Outer Rim Patrol, Squadron ${String(i + 1).padStart(2, '0')} (Reserve Wing)`);
    const ids = [];
    for (const name of squadrons) ids.push(await newGroup(name, [MIRA.uid]));
    await depotRules([...ruled, ids[0]!]);

    const told = await toldThroughNginx(miraCookie);
    expect(told.sort()).toEqual([...hostile, squadrons[0]!].sort());
  });
});
