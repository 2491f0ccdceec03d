import { PORTAL_APP_KEY, ROLE_RULE, SCOPE_RULE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let miraId: string;
let wikiId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await signIn(ctx, '1:100002', { 'user-agent': 'MiraBrowser/2.0' });
  miraId = await userIdOf(ctx, '1:100002');
  wikiId = (await createAppFixture(ctx, { key: 'wiki', name: 'Wiki' })).id;
});
afterAll(() => ctx.close());

const call = (method: string, url: string, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: admin } });

describe('/api/admin/users', () => {
  it('adds a user by UID, refuses a duplicate and a malformed UID', async () => {
    const res = await call('POST', '/api/admin/users', { uid: ' 1:424242 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uid: '1:424242', name: null, last_login_at: null });
    const listed = (await call('GET', '/api/admin/users?q=424242')).json();
    expect(listed).toEqual([expect.objectContaining({ uid: '1:424242', name: null })]);
    expect((await call('POST', '/api/admin/users', { uid: '1:424242' })).json()).toEqual({
      error: 'conflict',
      message: 'A user with the UID 1:424242 already exists.',
    });
    const empty = await call('POST', '/api/admin/users', { uid: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('UID is required');
    expect((await call('POST', '/api/admin/users', { uid: '20:5' })).json().message).toContain('UID must be a SWCombine character UID');
  });

  it('lists, searches by name or UID, and pages with a total', async () => {
    const all = await call('GET', '/api/admin/users');
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((u: { uid: string }) => u.uid)).toEqual(['1:424242', '1:100001', '1:100002']);
    expect((await call('GET', '/api/admin/users?q=mira')).json().map((u: { name: string }) => u.name)).toEqual(['Mira Solan']);
    expect((await call('GET', '/api/admin/users?q=100001')).json().map((u: { name: string }) => u.name)).toEqual(['Jorin Vex']);
    const page = await call('GET', '/api/admin/users?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await call('GET', '/api/admin/users?q=%25')).json()).toEqual([]);
    expect((await call('GET', '/api/admin/users?limit=0')).statusCode).toBe(400);
  });

  it('shows the user’s apps with status, sessions and audit log', async () => {
    const access = (await call('GET', `/api/admin/users/${miraId}/access`)).json();
    expect(access).toEqual([
      {
        app_name: 'Wiki',
        app_key: 'wiki',
        status: '',
        decision: {
          allowed: false,
          source: 'none',
          reason: 'No grant, no access rule for a group the player is in, and the app is not open to every player.',
        },
      },
    ]);
    const sessions = (await call('GET', `/api/admin/users/${miraId}/sessions`)).json();
    expect(sessions).toEqual([
      {
        app_key: 'portal',
        sid: expect.any(String),
        ip: '127.0.0.1',
        user_agent: 'MiraBrowser/2.0',
        device: 'Unknown device',
        device_kind: 'unknown',
        expires_at: expect.any(String),
      },
    ]);
    const audit = (await call('GET', `/api/admin/users/${miraId}/audit`)).json();
    expect(audit[0]).toMatchObject({
      event: 'login',
      app_key: 'portal',
      app_name: 'Industry Alignment Management Platform',
      actor_name: null,
      details: { sid: sessions[0].sid, via: expect.any(String) },
      user_agent: 'MiraBrowser/2.0',
      // Named in words as her session is: a browser no list knows says so rather than guess.
      device: 'Unknown device',
      device_kind: 'unknown',
      expires_at: expect.any(String),
    });
  });

  it('answers one user by id, for the user’s page', async () => {
    const res = await call('GET', `/api/admin/users/${miraId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: miraId, uid: '1:100002', name: 'Mira Solan', last_login_at: expect.any(String) });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000009')).json()).toEqual({
      error: 'not_found',
      message: 'No user with this id.',
    });
    expect((await call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000009/access')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/nope/access')).statusCode).toBe(400);
  });

  it('ends one session, which signs that browser out', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const sessions = (await call('GET', `/api/admin/users/${miraId}/sessions`)).json();
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } });
    expect(me.statusCode).toBe(200);
    for (const s of sessions) expect((await call('DELETE', `/api/admin/users/${miraId}/sessions/${s.sid}`)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/users/${miraId}/sessions`)).json()).toEqual([]);
    expect((await call('DELETE', `/api/admin/users/${miraId}/sessions/${sessions[0].sid}`)).statusCode).toBe(404);
  });
});

describe('a user with many sessions and audit entries', () => {
  let manyId: string;
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(1000);
      await signIn(ctx, '1:100003', { 'user-agent': `Browser/${i}` });
    }
    manyId = await userIdOf(ctx, '1:100003');
  });

  it('pages the sessions and the audit log newest first with a total, and still answers them whole without paging', async () => {
    const first = await call('GET', `/api/admin/users/${manyId}/sessions?limit=2`);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((s: { user_agent: string }) => s.user_agent)).toEqual(['Browser/4', 'Browser/3']);
    const last = await call('GET', `/api/admin/users/${manyId}/sessions?limit=2&offset=4`);
    expect(last.json().map((s: { user_agent: string }) => s.user_agent)).toEqual(['Browser/0']);
    const past = await call('GET', `/api/admin/users/${manyId}/sessions?limit=2&offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    expect((await call('GET', `/api/admin/users/${manyId}/sessions`)).json()).toHaveLength(5);

    const audit = await call('GET', `/api/admin/users/${manyId}/audit?limit=3&offset=1`);
    expect(audit.headers['x-total-count']).toBe('5');
    expect(audit.json().map((a: { user_agent: string }) => a.user_agent)).toEqual(['Browser/3', 'Browser/2', 'Browser/1']);
    expect((await call('GET', `/api/admin/users/${manyId}/audit`)).json()).toHaveLength(5);
    expect((await call('GET', `/api/admin/users/${manyId}/audit?limit=0`)).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/users/${manyId}/sessions?limit=201`)).statusCode).toBe(400);
  });

  it('ends every live session at once, each audited as ending one, which signs every browser out', async () => {
    const { cookie } = await signIn(ctx, '1:100003');
    const before = (await call('GET', `/api/admin/users/${manyId}/sessions`)).json() as { sid: string }[];
    expect(before).toHaveLength(6);

    const res = await call('DELETE', `/api/admin/users/${manyId}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 6 });
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/users/${manyId}/sessions`)).json()).toEqual([]);
    const { rows } = await ctx.deps.db.query(
      `SELECT l.details->>'sid' AS sid, actor.uid FROM audit_log l JOIN users actor ON actor.id = l.actor_id
       WHERE l.user_id = $1 AND l.event = 'session_ended_by_admin'`,
      [manyId],
    );
    expect(rows.map((r) => r.sid).sort()).toEqual(before.map((s) => s.sid).sort());
    expect(new Set(rows.map((r) => r.uid))).toEqual(new Set(['1:100001']));

    expect((await call('DELETE', `/api/admin/users/${manyId}/sessions`)).json()).toEqual({ ended: 0 });
    expect((await call('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000009/sessions')).statusCode).toBe(404);
  });
});

describe('access control', () => {
  it('grants, suspends and revokes, each audited with the acting admin', async () => {
    const status = async () => (await call('GET', `/api/admin/users/${miraId}/apps/wiki`)).json().status;
    expect(await status()).toBe('');
    expect((await call('POST', `/api/admin/users/${miraId}/apps/wiki/grant`)).json()).toMatchObject({ status: 'active' });
    expect(await status()).toBe('active');
    expect((await call('POST', `/api/admin/users/${miraId}/apps/wiki/suspend`)).json()).toMatchObject({ status: 'suspended' });
    expect(await status()).toBe('suspended');
    expect((await call('DELETE', `/api/admin/users/${miraId}/apps/wiki/grant`)).json()).toMatchObject({ status: 'revoked' });
    expect(await status()).toBe('revoked');
    const { rows } = await ctx.deps.db.query(
      `SELECT a.event, actor.uid FROM audit_log a JOIN users actor ON actor.id = a.actor_id WHERE a.user_id = $1 AND a.app_key = 'wiki' ORDER BY a.id`,
      [miraId],
    );
    expect(rows).toEqual([
      { event: 'access_granted', uid: '1:100001' },
      { event: 'access_suspended', uid: '1:100001' },
      { event: 'access_revoked', uid: '1:100001' },
    ]);
  });

  it('lists on the app the players with a record of their own, by name, paged with a total', async () => {
    const players = async (query = '') => {
      const res = await call('GET', `/api/admin/apps/${wikiId}/access${query}`);
      expect(res.statusCode).toBe(200);
      return { rows: res.json(), total: res.headers['x-total-count'] };
    };
    const jorinId = await userIdOf(ctx, '1:100001');
    await call('DELETE', `/api/admin/users/${miraId}/apps/wiki/grant`);
    await call('POST', `/api/admin/users/${jorinId}/apps/wiki/grant`);
    const all = await players();
    expect(all.total).toBe('2');
    expect(all.rows).toEqual([
      { user_id: jorinId, uid: '1:100001', name: 'Jorin Vex', image: expect.any(String), status: 'active', updated_at: expect.any(String) },
      {
        user_id: miraId,
        uid: '1:100002',
        name: 'Mira Solan',
        image: expect.any(String),
        status: 'revoked',
        updated_at: expect.any(String),
      },
    ]);
    expect(await players('?limit=1&offset=1')).toEqual({ rows: [expect.objectContaining({ uid: '1:100002' })], total: '2' });
    expect(await players('?limit=1&offset=5')).toEqual({ rows: [], total: '2' });
    await call('DELETE', `/api/admin/users/${jorinId}/apps/wiki/grant`);
  });

  it('answers 404 for the players of an unknown app, 400 for a malformed id or page', async () => {
    expect((await call('GET', '/api/admin/apps/00000000-0000-4000-8000-000000000009/access')).json()).toEqual({
      error: 'not_found',
      message: 'No app with this id.',
    });
    expect((await call('GET', '/api/admin/apps/nope/access')).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/apps/${wikiId}/access?limit=0`)).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/apps/${wikiId}/access?offset=-1`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown app key', async () => {
    const res = await call('POST', `/api/admin/users/${miraId}/apps/nope/grant`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No app with the key "nope".');
  });
});

describe('central consents and roles', () => {
  it('grants and revokes scopes and roles, trimmed, and answers the new state', async () => {
    const body = (value: string) => ({ userId: miraId, appId: wikiId, value });
    expect((await call('POST', '/api/admin/consents/grant', body(' wiki.read '))).json()).toEqual({ scp: ['wiki.read'], roles: [] });
    expect((await call('POST', '/api/admin/roles/grant', body('staff'))).json()).toEqual({ scp: ['wiki.read'], roles: ['staff'] });
    expect((await call('GET', `/api/admin/consents?userId=${miraId}&appId=${wikiId}`)).json()).toEqual({
      scp: ['wiki.read'],
      roles: ['staff'],
    });
    expect((await call('POST', '/api/admin/consents/revoke', body('wiki.read'))).json()).toEqual({ scp: [], roles: ['staff'] });
    expect((await call('POST', '/api/admin/roles/revoke', body('staff'))).json()).toEqual({ scp: [], roles: [] });
    const events = (
      await ctx.deps.db.query(
        `SELECT event FROM audit_log WHERE user_id = $1 AND event LIKE '%_granted' OR event LIKE '%_revoked' ORDER BY id`,
        [miraId],
      )
    ).rows;
    expect(events.map((r) => r.event)).toEqual(expect.arrayContaining(['scope_granted', 'role_granted', 'scope_revoked', 'role_revoked']));
  });

  it('lists each change in the user’s audit log with what changed, on which app and by which admin', async () => {
    await call('POST', '/api/admin/roles/grant', { userId: miraId, appId: wikiId, value: 'pilot' });
    await call('POST', '/api/admin/roles/revoke', { userId: miraId, appId: wikiId, value: 'pilot' });
    const audit = (await call('GET', `/api/admin/users/${miraId}/audit`)).json();
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({
        event: 'role_revoked',
        details: { value: 'pilot' },
        app_key: 'wiki',
        app_name: 'Wiki',
        actor_name: 'Jorin Vex',
      }),
      expect.objectContaining({
        event: 'role_granted',
        details: { value: 'pilot' },
        app_key: 'wiki',
        app_name: 'Wiki',
        actor_name: 'Jorin Vex',
      }),
    ]);
  });

  it('refuses an empty value, and a role or scope that cannot travel in a header or a JWT, naming the rule', async () => {
    const grant = (kind: 'roles' | 'consents', value: string) =>
      call('POST', `/api/admin/${kind}/grant`, { userId: miraId, appId: wikiId, value });
    const res = await grant('roles', '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Role is required');
    for (const value of ['two words', 'офицер', 'staff,admin', 'say"hi"', 'back\\slash', 'café']) {
      const refused = await grant('roles', value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().message, value).toContain(ROLE_RULE);
    }
    for (const value of ['two words', 'офицер', 'say"hi"']) {
      const refused = await grant('consents', value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().message, value).toContain(SCOPE_RULE);
    }
    // A comma is a scope-token character (RFC 6749 §3.3), only roles are comma-separated.
    expect((await grant('consents', 'fleet:read,write')).statusCode).toBe(200);
    expect((await grant('roles', 'fleet-officer_2.0')).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/consents?userId=${miraId}&appId=${wikiId}`)).json()).toMatchObject({
      scp: expect.arrayContaining(['fleet:read,write']),
      roles: expect.arrayContaining(['fleet-officer_2.0']),
    });
  });

  it('still revokes a value stored before the rule, so an admin can clean it up', async () => {
    await ctx.deps.db.query(`INSERT INTO user_app_grants (user_id, app_id, kind, value) VALUES ($1, $2, 'role', 'офицер')`, [
      miraId,
      wikiId,
    ]);
    const res = await call('POST', '/api/admin/roles/revoke', { userId: miraId, appId: wikiId, value: 'офицер' });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).not.toContain('офицер');
  });

  it('makes a portal admin of a player granted the central role admin on the portal', async () => {
    const portalId = (await ctx.deps.db.query(`SELECT id FROM apps WHERE key = $1`, [PORTAL_APP_KEY])).rows[0].id;
    await call('POST', '/api/admin/roles/grant', { userId: miraId, appId: portalId, value: 'admin' });
    const { cookie } = await signIn(ctx, '1:100002');
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).json()).toMatchObject({
      role: 'admin',
      roles: ['admin'],
    });
  });
});

describe('bodiless POSTs', () => {
  it('accept an empty body sent as application/json', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${miraId}/apps/wiki/grant`,
      headers: { 'content-type': 'application/json' },
      payload: '',
      cookies: { portal_session: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active' });
  });
});
