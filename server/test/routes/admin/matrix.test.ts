import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let player: string;
beforeAll(async () => {
  ctx = await createTestApp();
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

const U = '00000000-0000-4000-8000-000000000001';
const A = '00000000-0000-4000-8000-000000000002';
const grant = { userId: U, appId: A, value: 'x' };
const CALLS: [string, string, object?][] = [
  ['GET', '/api/admin/apps'],
  ['POST', '/api/admin/apps', { key: 'k', name: 'n', audience: 'a' }],
  ['PUT', `/api/admin/apps/${A}`, { key: 'k', name: 'n', audience: 'a' }],
  ['DELETE', `/api/admin/apps/${A}`],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users', { uid: '1:5' }],
  ['GET', `/api/admin/users/${U}/access`],
  ['GET', `/api/admin/users/${U}/audit`],
  ['GET', `/api/admin/users/${U}/sessions`],
  ['DELETE', `/api/admin/users/${U}/sessions`],
  ['DELETE', `/api/admin/users/${U}/sessions/abc`],
  ['GET', `/api/admin/users/${U}/connected-apps`],
  ['DELETE', `/api/admin/users/${U}/connected-apps/wiki`],
  ['GET', `/api/admin/users/${U}/apps/wiki`],
  ['POST', `/api/admin/users/${U}/apps/wiki/grant`],
  ['POST', `/api/admin/users/${U}/apps/wiki/suspend`],
  ['DELETE', `/api/admin/users/${U}/apps/wiki/grant`],
  ['GET', `/api/admin/consents?userId=${U}&appId=${A}`],
  ['POST', '/api/admin/consents/grant', grant],
  ['POST', '/api/admin/consents/revoke', grant],
  ['POST', '/api/admin/roles/grant', grant],
  ['POST', '/api/admin/roles/revoke', grant],
  ['GET', '/api/admin/service-jwts'],
  ['POST', '/api/admin/signing-keys/replace'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/audit/export'],
  ['GET', '/api/admin/audit/forwarding'],
  ['PUT', '/api/admin/audit/forwarding', { url: 'https://siem.example.com/', secret: 'sixteen-characters' }],
  ['DELETE', '/api/admin/audit/forwarding'],
];

describe('every /api/admin call', () => {
  it.each(CALLS)('%s %s answers 401 without a session and 403 to a player', async (method, url, payload) => {
    const anon = await ctx.app.inject({ method: method as 'GET', url, payload });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe('unauthorized');
    const denied = await ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: player } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'forbidden', message: 'You do not have the admin role.' });
  });
});
