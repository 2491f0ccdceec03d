import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFactionListWhenDue } from '../../../src/services/groups/faction-list.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/** An access rule may name any faction SWCombine lists, not only those the portal has seen a player of. */
let ctx: TestContext;
let admin: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const requests = () => ctx.sim.stats().requests;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

describe('SWCombine’s faction list', () => {
  it('is read once a day through the request budget, every faction the game lists', async () => {
    expect((await call('GET', '/api/admin/groups/factions')).json()).toEqual({ read_at: null, factions: [] });
    const before = requests();
    const listed = 7; // the simulator's bundled factions
    expect(await readFactionListWhenDue(ctx.deps)).toEqual({ read: listed });
    expect(requests() - before).toBe(1);

    const list = (await call('GET', '/api/admin/groups/factions')).json();
    expect(list.read_at).toBe(ctx.clock.now().toISOString());
    expect(list.factions).toHaveLength(listed);
    // The admin's faction is a group already (his sign-in); the others are not yet.
    const gws = list.factions.find((f: { faction_uid: string }) => f.faction_uid === '20:2400');
    expect(gws).toMatchObject({ name: 'Galactic Weapon Systems', group_id: expect.any(String) });
    expect(list.factions.filter((f: { group_id: string | null }) => f.group_id === null)).toHaveLength(listed - 1);

    ctx.clock.advance(23 * 3_600_000);
    expect(await readFactionListWhenDue(ctx.deps)).toHaveProperty('due_at');
    expect(requests() - before).toBe(1);
    ctx.clock.advance(3_600_000);
    expect(await readFactionListWhenDue(ctx.deps)).toEqual({ read: listed });
    admin = (await signIn(ctx, '1:100001')).cookie; // a day later: the admin signs in again
  });

  it('gives a faction no player of has been seen its group when a rule first names it, audited; a rule then admits through it', async () => {
    const unseen = (await call('GET', '/api/admin/groups/factions'))
      .json()
      .factions.find((f: { group_id: string | null }) => f.group_id === null) as { faction_uid: string; name: string };
    const made = await call('POST', `/api/admin/groups/factions/${unseen.faction_uid}`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ kind: 'faction', name: unseen.name, faction_uid: unseen.faction_uid, member_count: 0 });
    // Asked again: the same group, no second audit.
    expect((await call('POST', `/api/admin/groups/factions/${unseen.faction_uid}`)).json().id).toBe(made.json().id);
    const audited = await ctx.deps.db.query(
      "SELECT details FROM audit_log WHERE event = 'group_created' AND details->>'faction_uid' = $1",
      [unseen.faction_uid],
    );
    expect(audited.rows).toEqual([{ details: { group: unseen.name, group_id: made.json().id, faction_uid: unseen.faction_uid } }]);

    const app = (
      await call('POST', '/api/admin/apps', { key: 'hangar', name: 'Hangar', audience: 'hangar', redirect_urls: [] })
    ).json() as { id: string };
    const rules = await call('PUT', `/api/admin/apps/${app.id}/access-rules`, { rules: [{ group_id: made.json().id }] });
    expect(rules.statusCode, rules.body).toBe(200);
  });

  it('refuses a faction SWCombine does not list, and what is not a faction UID, in words', async () => {
    const unknown = await call('POST', '/api/admin/groups/factions/20:999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('SWCombine lists no faction 20:999999.');
    const bad = await call('POST', '/api/admin/groups/factions/Empire');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('factionUid must be a SWCombine faction UID such as 20:2400');
  });
});
