import type { SyncTargetStats } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { connectInventoryBinding, stored, syncNow } from './run-helpers.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

const CONNECT_FIRST = 'Connect a SWCombine binding with faction inventory scopes on SWC Integration (tenant 1324, faction-leader) first.';
const SKIPPED = 'inventory skipped: needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)';
const failures = async () => (await ctx.deps.db.query(`SELECT 1 FROM audit_log WHERE event = 'sync_failed'`)).rowCount;

const connectBinding = (scopes: string) => connectInventoryBinding(ctx, admin, scopes);

describe('the inventory target', () => {
  it('is skipped without a binding: `all` completes with every other target, saying why and how to fix it', async () => {
    const outcome = await syncNow(ctx, 'all');
    expect(outcome).toMatchObject({ state: 'finished', status: 'completed' });
    const message = outcome.state === 'finished' ? outcome.message : '';
    expect(message).toMatch(/^factions: [\d,]+ \([\d,]+ new\); sectors: /);
    expect(message.endsWith(`; ${SKIPPED}`)).toBe(true);
    expect(message).not.toContain('failed');
    expect((await stored(ctx, 'systems')).length).toBe(ctx.sim.galaxy.systems.all.length);
    expect(await failures()).toBe(0);

    // The screen's figures: inventory was not read, and says what it needs.
    const res = await ctx.app.inject({ url: '/api/admin/radiant-mgmt/targets', cookies: { portal_session: admin } });
    const inventory = (res.json() as SyncTargetStats[]).find((s) => s.target === 'inventory')!;
    expect(inventory).toMatchObject({ lastCompleteAt: null, lastRun: null, needsBinding: SKIPPED.replace('inventory skipped: ', '') });
  }, 60_000);

  it('is skipped alone too: the run completes, saying what to do, and is not a failure', async () => {
    expect(await syncNow(ctx, 'inventory')).toMatchObject({ status: 'completed', message: SKIPPED });
    expect(await failures()).toBe(0);
  });

  it("reads the binding's faction inventory through the binding's token, the kinds its scopes open", async () => {
    await connectBinding('CHARACTER_READ faction_inv_ships_all');
    const before = ctx.sim.stats().requests;
    const outcome = await syncNow(ctx, 'inventory');
    expect(outcome).toMatchObject({
      status: 'completed',
      message: 'inventory: 260 (260 new); not read (no scope): vehicles, stations, facilities, items, droids',
    });
    // 260 ships at 200 a page.
    expect(ctx.sim.stats().requests - before).toBe(2);
    const ships = ctx.sim.inventories.of('20:2400').all.filter((e) => e.kind === 'ships');
    const rows = await ctx.deps.db.query(`SELECT uid, name, owner_uid, type_uid FROM swc_entities WHERE kind = 'inventory' AND uid = $1`, [
      ships[7]!.uid,
    ]);
    expect(rows.rows[0]).toEqual({ uid: ships[7]!.uid, name: ships[7]!.name, owner_uid: '20:2400', type_uid: ships[7]!.type.uid });
  });

  it('counts renamed, removed and added entities on the next run', async () => {
    const ships = ctx.sim.inventories.of('20:2400').all.filter((e) => e.kind === 'ships');
    ctx.sim.inventories.rename(ships[0]!.uid);
    ctx.sim.inventories.remove(ships[1]!.uid);
    ctx.sim.inventories.add('20:2400', 'ships', 3);
    expect(await syncNow(ctx, 'inventory')).toMatchObject({
      message:
        'inventory: 262 (3 new, 1 changed, 258 unchanged, 1 gone); not read (no scope): vehicles, stations, facilities, items, droids',
    });
    expect((await stored(ctx, 'inventory')).find((e) => e.uid === ships[1]!.uid)).toMatchObject({ gone: true });
  });

  it("fails with what to do when SWCombine no longer takes the binding's token", async () => {
    await ctx.deps.db.query(`UPDATE swc_bindings SET access_token_enc = $1`, [ctx.deps.encryptor.encrypt('revoked-token')]);
    const outcome = await syncNow(ctx, 'inventory');
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(outcome.state === 'finished' && outcome.message).toMatch(
      new RegExp(`^SWCombine refused the faction's ships inventory: .+\\. ${CONNECT_FIRST.replace(/[().]/g, '\\$&')}$`),
    );
  });

  it('is skipped again once the binding is disconnected, or grants no inventory scope', async () => {
    await ctx.deps.db.query(`UPDATE swc_bindings SET connected = false`);
    expect(await syncNow(ctx, 'inventory')).toMatchObject({ status: 'completed', message: SKIPPED });
    await ctx.deps.db.query(`UPDATE swc_bindings SET connected = true, scopes = '{CHARACTER_READ}'`);
    expect(await syncNow(ctx, 'inventory')).toMatchObject({
      status: 'completed',
      message:
        'inventory skipped: needs a SWCombine binding with a faction inventory scope (faction_inv_<kind>_read or _all): ' +
        'connect one on SWC Integration (tenant 1324, faction-leader)',
    });
  });
});
