import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SwcGrantGone, SwcUpstreamError } from '../../../src/integrations/swcombine/client.ts';
import { GRANT_GONE_MESSAGE, refreshDueBindings } from '../../../src/services/swc-bindings/refresh.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { approveAtSimulator, cookieValue, signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.deps.db.query('DELETE FROM swc_bindings');
});

const ALL_SCOPES = 'CHARACTER_AUTH CHARACTER_READ faction_inv_ships_all faction_credits_read';
const binding = (tenant = '1324', actor = 'faction-leader') => `tenant_id=${tenant}&actor=${actor}`;
/** The portal's own page asking (a browser marks it same-origin, also on a navigation). */
const get = (url: string, cookie: string | null = admin, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
  ctx.app.inject({ url, headers, cookies: cookie ? { portal_session: cookie } : {} });
const disconnect = (query = binding(), cookie = admin) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/admin/swc/binding?${query}`, cookies: { portal_session: cookie } });
const connectUrl = (query = binding(), scopes = ALL_SCOPES) =>
  `/api/admin/swc/connect?${query}&requested_scopes=${encodeURIComponent(scopes)}`;

/** At the simulator, Jorin Vex grants only `keep` of the requested scopes (unticks the rest). */
async function grantAtSimulator(authorizeUrl: string, keep: string[]): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const fields = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(name!, value!);
  for (const scope of keep) fields.append('granted_scope', scope);
  fields.append('character', '1:100001');
  const res = await fetch(new URL('/ws/oauth2/auth/', authorizeUrl), { method: 'POST', body: fields, redirect: 'manual' });
  return res.headers.get('location')!;
}

/** Save & Connect as the admin, consent at the simulator, and come back through the callback with both cookies. */
async function connect(opts: { query?: string; scopes?: string; keep?: string[]; returnAs?: string } = {}) {
  const start = await get(connectUrl(opts.query, opts.scopes));
  expect(start.statusCode).toBe(302);
  const authorizeUrl = start.headers.location!;
  const callback = opts.keep ? await grantAtSimulator(authorizeUrl, opts.keep) : await approveAtSimulator(authorizeUrl, '1:100001');
  const url = new URL(callback);
  return ctx.app.inject({
    url: url.pathname + url.search,
    cookies: { portal_login_state: cookieValue(start, 'portal_login_state')!, portal_session: opts.returnAs ?? admin },
  });
}

const storedTokens = async () =>
  (
    await ctx.deps.db.query<{ access_token_enc: string; refresh_token_enc: string; expires_at: Date }>(
      'SELECT access_token_enc, refresh_token_enc, expires_at FROM swc_bindings',
    )
  ).rows[0]!;
const auditEvents = async (event: string) =>
  (await ctx.deps.db.query('SELECT actor_id, details FROM audit_log WHERE event = $1 ORDER BY id', [event])).rows;
const adminId = () => userIdOf(ctx, '1:100001');

describe('who may use /api/admin/swc', () => {
  it.each([
    ['GET', `/api/admin/swc?${binding()}`],
    ['DELETE', `/api/admin/swc/binding?${binding()}`],
    ['GET', connectUrl()],
  ] as const)('%s %s: 401 without a session, 403 for a player', async (method, url) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    const denied = await ctx.app.inject({ method, url, cookies: { portal_session: player } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'forbidden', message: 'You do not have the admin role.' });
  });
});

describe('input', () => {
  it.each([
    ['/api/admin/swc?actor=faction-leader', 'tenant_id'],
    ['/api/admin/swc?tenant_id=a%20b&actor=faction-leader', 'tenant_id may only hold letters'],
    [`/api/admin/swc?tenant_id=${'x'.repeat(65)}&actor=faction-leader`, 'tenant_id must be at most 64 characters'],
    ['/api/admin/swc?tenant_id=1324&actor=emperor', 'actor must be faction-leader or service-account'],
    ['/api/admin/swc?tenant_id=1324', 'actor'],
    [`/api/admin/swc/connect?${binding()}&requested_scopes=%20`, 'requested_scopes must name at least one scope'],
    [`/api/admin/swc/connect?${binding()}`, 'requested_scopes'],
    [`/api/admin/swc/connect?${binding()}&requested_scopes=messages_all`, 'requested_scopes may only name CHARACTER_AUTH'],
  ])('%s → 400 naming the field', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(message) });
  });
});

describe('status', () => {
  it('says not connected for a tenant and actor without a binding, with the request budget', async () => {
    const res = await get(`/api/admin/swc?${binding('t_default', 'service-account')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      connected: false,
      grantedScopes: [],
      error: null,
      authorizedBy: null,
      faction: null,
      budget: { limit: 600, remaining: expect.any(Number) },
    });
  });
});

describe('Save & Connect', () => {
  it('sends the admin to SWCombine for the scopes, lowercased and de-duplicated, with offline access', async () => {
    const res = await get(connectUrl(binding(), ' CHARACTER_AUTH character_auth  FACTION_CREDITS_READ '));
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location!);
    expect(target.origin + target.pathname).toBe(`${ctx.simulatorUrl}/ws/oauth2/auth/`);
    expect(target.searchParams.get('scope')).toBe('character_auth faction_credits_read');
    expect(target.searchParams.get('access_type')).toBe('offline');
    expect(target.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/callback`);
    const state = res.cookies.find((c) => c.name === 'portal_login_state')!;
    expect(state).toMatchObject({ value: target.searchParams.get('state'), path: '/auth/callback', httpOnly: true });
  });

  it('stores the grant as SWCombine answered it, who granted it and their faction, and shows it connected', async () => {
    const callback = await connect({ keep: ['character_auth', 'character_read', 'faction_inv_ships_all'] });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/admin/swc?tenant_id=1324&actor=faction-leader`);

    const status = (await get(`/api/admin/swc?${binding()}`)).json();
    expect(status).toMatchObject({
      connected: true,
      grantedScopes: ['character_auth', 'character_read', 'faction_inv_ships_all'],
      error: null,
      authorizedBy: { uid: '1:100001', name: 'Jorin Vex' },
      faction: { uid: '20:2400', name: 'Galactic Weapon Systems' },
    });
    // Other tenants and actors are untouched.
    expect((await get(`/api/admin/swc?${binding('1324', 'service-account')}`)).json().connected).toBe(false);

    const stored = await storedTokens();
    expect(stored.access_token_enc).toMatch(/^v1\./);
    const info = await ctx.deps.swc.tokenInfo(ctx.deps.encryptor.decrypt(stored.access_token_enc));
    expect(info.uid).toBe('1:100001');
    expect(await auditEvents('swc_binding_connected')).toEqual([
      {
        actor_id: await adminId(),
        details: {
          tenant_id: '1324',
          actor: 'faction-leader',
          scopes: ['character_auth', 'character_read', 'faction_inv_ships_all'],
          authorized_by: '1:100001',
        },
      },
    ]);
  });

  it('names the character by UID when CHARACTER_READ was not granted', async () => {
    await connect({ keep: ['character_auth'] });
    expect((await get(`/api/admin/swc?${binding()}`)).json()).toMatchObject({
      connected: true,
      grantedScopes: ['character_auth'],
      authorizedBy: { uid: '1:100001', name: '1:100001' },
      faction: null,
    });
  });

  it('is completed only by the admin who started it', async () => {
    const callback = await connect({ returnAs: player });
    expect(callback.statusCode).toBe(400);
    expect(callback.body).toContain('Only the admin who started this connection can complete it');
    expect((await get(`/api/admin/swc?${binding()}`)).json().connected).toBe(false);
  });
});

describe('Save & Connect started by another site', () => {
  const attempts = async () => Number((await ctx.deps.db.query(`SELECT count(*) FROM login_attempts`)).rows[0].count);

  it.each([
    ['a link or redirect on another site', { 'sec-fetch-site': 'cross-site', accept: 'text/html' }],
    ['a link on another site, in capitals', { 'sec-fetch-site': 'Cross-Site', accept: 'text/html' }],
    ['a value no browser sends', { 'sec-fetch-site': 'cross-origin' }],
    ['a client without Sec-Fetch-Site and no Referer', {}],
    ['a client without Sec-Fetch-Site whose Referer is another site', { referer: 'https://evil.example/page' }],
  ])('is refused with 403 for %s, before any trip to SWCombine', async (_who, headers) => {
    const before = await attempts();
    const res = await get(connectUrl(), admin, headers as Record<string, string>);
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'portal_login_state')).toBeUndefined();
    expect(res.body).toContain('Connect must be started from the portal itself');
    expect(await attempts()).toBe(before);
  });

  it('answers JSON to a client that does not ask for a page', async () => {
    const res = await get(connectUrl(), admin, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: expect.stringContaining('came from another site') });
  });

  it.each([
    ['the portal (same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the portal, in capitals', { 'sec-fetch-site': 'Same-Origin' }],
    ['the SPA on a sibling host (same-site)', { 'sec-fetch-site': 'same-site' }],
    ['the admin’s address bar (none)', { 'sec-fetch-site': 'none' }],
    ['a client without Sec-Fetch-Site coming from the portal (Referer)', { referer: `${PUBLIC_URL}/admin/swc` }],
  ])('goes on to SWCombine from %s', async (_who, headers) => {
    const res = await get(connectUrl(), admin, headers as Record<string, string>);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/ws/oauth2/auth/');
  });
});

describe('Disconnect', () => {
  it('revokes the grant at SWCombine, forgets the binding and audits it', async () => {
    await connect();
    const { access_token_enc, refresh_token_enc } = await storedTokens();
    const res = await disconnect();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connected: false, grantedScopes: [], authorizedBy: null });
    expect((await ctx.deps.db.query('SELECT 1 FROM swc_bindings')).rowCount).toBe(0);

    await expect(ctx.deps.swc.tokenInfo(ctx.deps.encryptor.decrypt(access_token_enc))).rejects.toThrow();
    await expect(ctx.deps.swc.refresh(ctx.deps.encryptor.decrypt(refresh_token_enc))).rejects.toBeInstanceOf(SwcGrantGone);
    expect(await auditEvents('swc_binding_disconnected')).toContainEqual({
      actor_id: await adminId(),
      details: { tenant_id: '1324', actor: 'faction-leader', authorized_by: '1:100001' },
    });
  });

  it('answers 404 when there is nothing to disconnect', async () => {
    const res = await disconnect(binding('nobody'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'There is no SWCombine binding for tenant nobody and actor faction-leader.',
    });
  });
});

describe('the refresh job', () => {
  const MINUTE = 60_000;

  it('refreshes a binding whose access token expires within 15 minutes, and leaves others alone', async () => {
    await connect();
    const before = await storedTokens();
    expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 0, lost: 0, failed: 0, superseded: 0 });

    ctx.clock.advance(50 * MINUTE); // the simulator's tokens live an hour: 10 minutes left
    expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 1, lost: 0, failed: 0, superseded: 0 });
    const after = await storedTokens();
    expect(after.expires_at.getTime()).toBeGreaterThan(before.expires_at.getTime());
    const info = await ctx.deps.swc.tokenInfo(ctx.deps.encryptor.decrypt(after.access_token_enc));
    expect(info.uid).toBe('1:100001');
    expect((await get(`/api/admin/swc?${binding()}`)).json()).toMatchObject({ connected: true, error: null });
  });

  it('refreshes each binding once when replicas run it together', async () => {
    for (const tenant of ['a', 'b', 'c']) await connect({ query: binding(tenant) });
    ctx.clock.advance(50 * MINUTE);
    const original = ctx.deps.swc.refresh;
    let calls = 0;
    ctx.deps.swc.refresh = (token, scopes) => {
      calls++;
      return original(token, scopes);
    };
    try {
      const results = await Promise.all([refreshDueBindings(ctx.deps), refreshDueBindings(ctx.deps)]);
      expect(results.reduce((n, r) => n + r.refreshed, 0)).toBe(3);
      expect(calls).toBe(3);
    } finally {
      ctx.deps.swc.refresh = original;
    }
  });

  it('keeps a binding connected while SWCombine cannot be reached, and refreshes it at the next run', async () => {
    await connect();
    ctx.clock.advance(50 * MINUTE);
    const original = ctx.deps.swc.refresh;
    ctx.deps.swc.refresh = () => Promise.reject(new SwcUpstreamError('SWCombine is unreachable: connect ECONNREFUSED'));
    try {
      expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 0, lost: 0, failed: 1, superseded: 0 });
    } finally {
      ctx.deps.swc.refresh = original;
    }
    expect(await auditEvents('swc_binding_refresh_failed')).toContainEqual({
      actor_id: null,
      details: {
        tenant_id: '1324',
        actor: 'faction-leader',
        reason: 'SWCombine could not be reached: SWCombine is unreachable: connect ECONNREFUSED',
      },
    });
    expect((await get(`/api/admin/swc?${binding()}`)).json()).toMatchObject({ connected: true, error: null });
    expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 1, lost: 0, failed: 0, superseded: 0 });
  });

  it('disconnects a binding whose grant SWCombine no longer accepts, saying what to do, audited', async () => {
    await connect();
    await ctx.deps.swc.revoke(ctx.deps.encryptor.decrypt((await storedTokens()).refresh_token_enc));
    ctx.clock.advance(50 * MINUTE);
    expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 0, lost: 1, failed: 0, superseded: 0 });

    const status = (await get(`/api/admin/swc?${binding()}`)).json();
    expect(status).toMatchObject({ connected: false, error: GRANT_GONE_MESSAGE, authorizedBy: { uid: '1:100001' } });
    expect(GRANT_GONE_MESSAGE).toBe("SWCombine no longer accepts this binding's grant; connect again with Save & Connect.");
    expect(await auditEvents('swc_binding_lost')).toContainEqual({
      actor_id: null,
      details: expect.objectContaining({ tenant_id: '1324', actor: 'faction-leader', authorized_by: '1:100001' }),
    });
    // A lost binding is not tried again.
    ctx.clock.advance(10 * MINUTE);
    expect(await refreshDueBindings(ctx.deps)).toEqual({ refreshed: 0, lost: 0, failed: 0, superseded: 0 });

    // Save & Connect again brings it back.
    await connect();
    expect((await get(`/api/admin/swc?${binding()}`)).json()).toMatchObject({ connected: true, error: null });
  });

  /** Wraps the client's refresh: SWCombine refreshes the grant at once, but its answer arrives only on `answer()`. */
  function slowRefreshAnswer() {
    const original = ctx.deps.swc.refresh;
    let answer!: () => void;
    let refreshed!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const started = new Promise<void>((resolve) => (refreshed = resolve));
    ctx.deps.swc.refresh = async (token, scopes) => {
      const tokens = await original(token, scopes);
      refreshed();
      await answered;
      return tokens;
    };
    return {
      started,
      answer,
      restore() {
        answer();
        ctx.deps.swc.refresh = original;
      },
    };
  }

  it('lets an admin disconnect while SWCombine is slow to answer a refresh, and the refresh does not bring it back', async () => {
    await connect();
    ctx.clock.advance(50 * MINUTE);
    const slow = slowRefreshAnswer();
    try {
      const run = refreshDueBindings(ctx.deps);
      await slow.started;
      const res = await disconnect();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ connected: false });
      slow.answer();
      expect(await run).toEqual({ refreshed: 0, lost: 0, failed: 0, superseded: 1 });
    } finally {
      slow.restore();
    }
    expect((await ctx.deps.db.query('SELECT 1 FROM swc_bindings')).rowCount).toBe(0);
  });

  it('keeps the grant of a Save & Connect made while SWCombine is slow to answer a refresh of the old one', async () => {
    await connect();
    ctx.clock.advance(50 * MINUTE);
    const slow = slowRefreshAnswer();
    let reconnected: Awaited<ReturnType<typeof storedTokens>>;
    try {
      const run = refreshDueBindings(ctx.deps);
      await slow.started;
      expect((await connect()).statusCode).toBe(302);
      reconnected = await storedTokens();
      slow.answer();
      expect(await run).toEqual({ refreshed: 0, lost: 0, failed: 0, superseded: 1 });
    } finally {
      slow.restore();
    }
    expect((await storedTokens()).access_token_enc).toBe(reconnected.access_token_enc);
    expect((await get(`/api/admin/swc?${binding()}`)).json()).toMatchObject({ connected: true, error: null });
  });
});
