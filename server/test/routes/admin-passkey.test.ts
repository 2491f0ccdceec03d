import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { addPasskey, confirmWithPasskey } from '../helpers/passkey-flows.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * ADMIN_PASSKEY=required: a game password alone, phished or reused, does not open the admin
 * console. The admin folder's guard asks for a passkey used in the session within ADMIN_STEP_UP_HOURS.
 */
let ctx: TestContext;
const get = (cookie: string, url: string) => ctx.app.inject({ url, cookies: { portal_session: cookie } });

beforeAll(async () => (ctx = await createTestApp({ ADMIN_PASSKEY: 'required', ADMIN_STEP_UP_HOURS: '12' })));
afterAll(() => ctx.close());

describe('the admin console with ADMIN_PASSKEY=required', () => {
  it('refuses a SWCombine sign-in alone with 403 passkey_required, and opens once a passkey is used, for ADMIN_STEP_UP_HOURS', async () => {
    const admin = (await signIn(ctx, '1:100001')).cookie;
    const refused = await get(admin, '/api/admin/apps');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'passkey_required', code: 'passkey_required' });
    expect((await get(admin, '/api/me/admin-console')).json()).toEqual({
      passkey_required: true,
      confirmed_until: null,
      has_passkey: false,
    });

    // Add a passkey to use the admin console: allowed after the fresh sign-in; then Confirm it's you.
    const { authenticator } = await addPasskey(ctx, admin, 'Admin key');
    expect((await get(admin, '/api/admin/apps')).statusCode).toBe(403);
    await confirmWithPasskey(ctx, admin, authenticator);
    expect((await get(admin, '/api/admin/apps')).statusCode).toBe(200);
    const until = new Date(ctx.clock.now().getTime() + 12 * 3_600_000).toISOString();
    expect((await get(admin, '/api/me/admin-console')).json()).toEqual({
      passkey_required: true,
      confirmed_until: until,
      has_passkey: true,
    });

    ctx.clock.advance(12 * 3_600_000 + 1000);
    expect((await get(admin, '/api/admin/apps')).json()).toMatchObject({ code: 'passkey_required' });
    await confirmWithPasskey(ctx, admin, authenticator);
    expect((await get(admin, '/api/admin/apps')).statusCode).toBe(200);
  });

  it('still answers 401 without a session and 403 forbidden to a player who is not an admin', async () => {
    expect((await ctx.app.inject('/api/admin/apps')).statusCode).toBe(401);
    const player = (await signIn(ctx, '1:100002')).cookie;
    expect((await get(player, '/api/admin/apps')).json()).toMatchObject({ error: 'forbidden' });
  });
});

describe('ADMIN_PASSKEY’s default', () => {
  it('is required with a real SWCombine and optional with the simulator', () => {
    const base = { ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(loadConfig({ ...base, SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 'secret' }).adminPasskey).toEqual({
      required: true,
      stepUpHours: 12,
    });
    expect(loadConfig(base).adminPasskey).toEqual({ required: false, stepUpHours: 12 });
    expect(loadConfig({ ...base, SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 'secret', ADMIN_PASSKEY: 'optional' }).adminPasskey.required).toBe(
      false,
    );
    expect(() => loadConfig({ ...base, ADMIN_PASSKEY: 'sometimes' })).toThrow(/ADMIN_PASSKEY/);
  });
});
