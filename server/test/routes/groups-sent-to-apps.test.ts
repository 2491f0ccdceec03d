import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOidcPlayer, playerClaims } from '../../src/services/oidc/player.ts';
import { findOidcClientApp } from '../../src/services/oidc/queries/clients.ts';
import { createAppFixture } from '../helpers/fixtures.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * What an app is told of a player's groups: X-Auth-Request-Groups, the groups claim of the app's at+jwt, and the
 * OpenID Provider's groups claim. Each name has exactly one reading, no two groups travel under one name, and an
 * app hears only of the groups its access rules name and those an admin shows to every app.
 */
let ctx: TestContext;
let admin: string;
let mira: string;
let fleetId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const newGroup = async (name: string) => {
  const res = await call('POST', '/api/admin/groups', { name, description: '' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const addMember = (groupId: string, uid: string) => call('POST', `/api/admin/groups/${groupId}/members`, { uids: [uid] });
const setRules = async (appId: string, groupIds: string[]) => {
  const res = await call('PUT', `/api/admin/apps/${appId}/access-rules`, { rules: groupIds.map((group_id) => ({ group_id })) });
  expect(res.statusCode, res.body).toBe(200);
};

/** The header as docs/access.md says to read it: split on commas, then percent-decode each name. */
const decodeGroups = (header: string) => (header === '' ? [] : header.split(',').map(decodeURIComponent));
/** The same with a form decoder, which reads `+` as a space (Python's unquote_plus, PHP's urldecode, Go's QueryUnescape). */
const formDecodeGroups = (header: string) => (header === '' ? [] : header.split(',').map((n) => decodeURIComponent(n.replace(/\+/g, ' '))));

/** What forward auth tells the app `aud` of the player: the header, its reading, and the at+jwt's groups claim. */
async function told(cookie: string, aud = 'fleet') {
  const res = await ctx.app.inject({ url: `/auth/verify?aud=${aud}`, cookies: { portal_session: cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const header = String(res.headers['x-auth-request-groups']);
  const jwt = String(res.headers.authorization).slice('Bearer '.length);
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { groups: string[] };
  // What nginx must hold in its buffer: every header line of the answer.
  const headBytes = Object.entries(res.headers).reduce((n, [name, value]) => n + `${name}: ${String(value)}\r\n`.length, 0);
  return { header, groups: decodeGroups(header), jwtGroups: claims.groups, jwtBytes: jwt.length, headBytes };
}

/** The OpenID Provider's groups claim for the player on the app. */
async function oidcGroups(uid: string, appKey = 'fleet'): Promise<string[]> {
  const player = await loadOidcPlayer(ctx.deps, uid, (await findOidcClientApp(ctx.deps.db, appKey))!);
  return playerClaims(player!).groups as string[];
}

beforeAll(async () => {
  ctx = await createTestApp();
  fleetId = (await createAppFixture(ctx, { key: 'fleet', name: 'Fleet Ops', skip_uid_whitelist: true })).id;
  await createAppFixture(ctx, { key: 'holonet', name: 'Holonet', skip_uid_whitelist: true });
  admin = (await signIn(ctx, '1:100001')).cookie; // his sign-in makes the faction group Galactic Weapon Systems
  mira = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

describe('group names with exactly one reading', () => {
  it('reads back hostile names exactly, never a group the player is not in, with either decoder', async () => {
    const hostile = ['%61dmins', 'a, admins', 'a%2C%20admins', 'Fleet+Ops', 'Ops , Intel', 'Ünïcode “quotes”', 'back\\slash'];
    const ids = await Promise.all(hostile.map(newGroup));
    for (const id of ids) await addMember(id, '1:100002');
    const admins = await newGroup('admins'); // Mira is not in it
    await setRules(fleetId, [...ids, admins]);

    const { header, groups, jwtGroups } = await told(mira);
    const expected = [...hostile].sort();
    expect(groups.sort()).toEqual(expected);
    expect(formDecodeGroups(header).sort()).toEqual(expected);
    expect(groups).not.toContain('admins');
    // Nothing in the header that a list parser splits on, trims or reads as a space: commas part names, and only names.
    expect(header.split(',')).toHaveLength(hostile.length);
    expect(header).toMatch(/^[A-Za-z0-9\-_.!~*'()%,]*$/);
    expect(header).toContain('%2561dmins');
    // The at+jwt and the OpenID Provider carry the same names, decoded, in the same order as the header.
    expect(jwtGroups).toEqual(decodeGroups(header));
    expect(await oidcGroups('1:100002')).toEqual(jwtGroups);
  });

  it('refuses a group an admin keeps named as a faction, or ending like a faction’s UID, with a 400 in words', async () => {
    const taken = await call('POST', '/api/admin/groups', { name: 'galactic weapon systems', description: '' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(
      '"galactic weapon systems" is the name of the SWCombine faction Galactic Weapon Systems (20:2400): a group an admin keeps needs a name of its own, so that apps can tell the two apart.',
    );
    const id = await newGroup('Weapons');
    const renamed = await call('PUT', `/api/admin/groups/${id}`, { name: 'Galactic Weapon Systems', description: '' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toMatch(/^"Galactic Weapon Systems" is the name of the SWCombine faction/);
    const lookalike = await call('POST', '/api/admin/groups', { name: 'Galactic Weapon Systems (20:2400)', description: '' });
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json().message).toContain('Name must not end in a faction UID in brackets such as (20:2400)');
  });

  it('sends a faction that appears later with a group’s name under its UID, in the header, the JWT and the claim', async () => {
    // The admin keeps a group "Galactic Empire" before any member of that faction signed in.
    const custom = await newGroup('Galactic Empire');
    await addMember(custom, '1:100004');
    const talia = (await signIn(ctx, '1:100004')).cookie; // her profile names the faction Galactic Empire (20:7)
    const groups = (await call('GET', '/api/admin/groups')).json<{ id: string; faction_uid: string | null; sent_as: string }[]>();
    const faction = groups.find((g) => g.faction_uid === '20:7')!;
    expect(faction.sent_as).toBe('Galactic Empire (20:7)');
    expect(groups.find((g) => g.id === custom)!.sent_as).toBe('Galactic Empire');
    await setRules(fleetId, [custom, faction.id]);

    const seen = await told(talia);
    expect(seen.groups).toEqual(['Galactic Empire', 'Galactic Empire (20:7)']);
    expect(seen.jwtGroups).toEqual(seen.groups);
    expect(await oidcGroups('1:100004')).toEqual(seen.groups);
  });
});

describe('only the groups that matter to an app', () => {
  const many = Array.from({ length: 40 }, (_, i) => `Squadron ${String(i + 1).padStart(2, '0')} of the Outer Rim Patrol`);
  let squadrons: string[];

  it('tells an app of the groups its rules name, not of every group the player is in', async () => {
    squadrons = [];
    for (const name of many) {
      const id = await newGroup(name);
      await addMember(id, '1:100002');
      squadrons.push(id);
    }
    const intelligence = await newGroup('Intelligence');
    await addMember(intelligence, '1:100002');
    await setRules(fleetId, [squadrons[0]!, squadrons[1]!]);

    const fleet = await told(mira);
    expect(fleet.groups).toEqual([many[0], many[1]]);
    expect(fleet.jwtGroups).toEqual(fleet.groups);
    expect(await oidcGroups('1:100002')).toEqual(fleet.groups);
    // An app without rules hears of none of them.
    expect((await told(mira, 'holonet')).groups).toEqual([]);
  });

  it('tells every app of a group an admin shows to apps, audited, and stops when it is hidden again', async () => {
    const id = squadrons[39]!;
    const shown = await call('PUT', `/api/admin/groups/${id}/shown-to-apps`, { shown_to_apps: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id, shown_to_apps: true });
    expect((await told(mira, 'holonet')).groups).toEqual([many[39]]);
    expect((await told(mira)).groups).toEqual([many[0], many[1], many[39]]);
    await call('PUT', `/api/admin/groups/${id}/shown-to-apps`, { shown_to_apps: false });
    expect((await told(mira, 'holonet')).groups).toEqual([]);
    const audited = await ctx.deps.db.query(
      "SELECT a.event, u.uid AS actor, a.details FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.event LIKE 'group_%_apps' ORDER BY a.id",
    );
    expect(audited.rows).toEqual([
      { event: 'group_shown_to_apps', actor: '1:100001', details: { group: many[39], group_id: id } },
      { event: 'group_hidden_from_apps', actor: '1:100001', details: { group: many[39], group_id: id } },
    ]);
    const refused = await call('PUT', `/api/admin/groups/${id}/shown-to-apps`, { shown_to_apps: 'yes' });
    expect(refused.statusCode).toBe(400);
  });

  it('keeps the answer within the documented sizes: under 1 KB without groups, a name at most 900 bytes in the header and 804 in the JWT', async () => {
    const widest = '€'.repeat(100); // 100 characters of 3 UTF-8 bytes each: the widest name a group may have
    const id = await newGroup(widest);
    await addMember(id, '1:100002');
    const before = await told(mira, 'holonet');
    expect(before.groups).toEqual([]);
    expect(before.headBytes).toBeLessThan(1024);
    await setRules((await ctx.deps.db.query<{ id: string }>("SELECT id FROM apps WHERE key = 'holonet'")).rows[0]!.id, [id]);
    const after = await told(mira, 'holonet');
    expect(after.groups).toEqual([widest]);
    expect(after.header.length).toBe(900);
    expect(after.jwtBytes - before.jwtBytes).toBeLessThanOrEqual(Math.ceil((4 / 3) * (2 * 300 + 3)));
  });
});
