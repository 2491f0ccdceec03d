import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, basic, CookieJar, createClientSecret, exchange, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * A scope the portal stops giving (a group left, a rule that drops it, a Central Consents scope
 * revoked) is gone from the next token it issues: a refresh narrows the scope to what the one access
 * rule gives at that moment, and never widens it again; introspection says the same.
 */
let ctx: TestContext;
let admin: string;
let jar: CookieJar;
let secret: string;
let appId: string;
let miraId: string;
let editorsId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
const auth = () => ({ authorization: basic('wiki', secret) });
const refresh = (refreshToken: string, form: Record<string, string> = {}) =>
  postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: refreshToken, ...form }, auth());
const introspect = (token: string) => postForm(ctx, '/oidc/introspect', { token }, auth());
const scopesOf = (scope: unknown) => String(scope ?? '').split(' ');

async function tokens(scope = 'openid profile offline_access wiki:edit') {
  const flow = await authorize(ctx, jar, { scope });
  const res = await exchange(ctx, flow.code!, flow.verifier, auth());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; scope: string };
}

const editorsRule = (scopes: string[]) =>
  call('PUT', `/api/admin/apps/${appId}/access-rules`, { rules: [{ group_id: editorsId, roles: [], scopes, grace_hours: 0 }] });

beforeAll(async () => {
  ctx = await createTestApp();
  // Open to every player: losing the scope never loses the app here.
  appId = (
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
    })
  ).id;
  admin = (await signIn(ctx, '1:100001')).cookie;
  secret = await createClientSecret(ctx, admin, appId);
  jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  miraId = await userIdOf(ctx, '1:100002');
  editorsId = (await call('POST', '/api/admin/groups', { name: 'Editors', description: '' })).json().id;
});
afterAll(() => ctx.close());

beforeEach(async () => {
  expect((await call('POST', `/api/admin/groups/${editorsId}/members`, { uids: ['1:100002'] })).statusCode).toBe(200);
  expect((await editorsRule(['wiki:edit'])).statusCode).toBe(200);
});

describe('a scope removed is gone from the next refresh, and introspection agrees', () => {
  it('removed from the group whose rule gives the scope', async () => {
    const held = await tokens();
    expect(scopesOf(held.scope)).toContain('wiki:edit');
    expect((await call('DELETE', `/api/admin/groups/${editorsId}/members/${miraId}`)).statusCode).toBe(204);

    const refreshed = await refresh(held.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const answer = refreshed.json();
    expect(scopesOf(answer.scope)).not.toContain('wiki:edit');
    expect(scopesOf(answer.scope)).toContain('openid');
    expect(scopesOf(decodeJwt(answer.access_token).scope)).not.toContain('wiki:edit');
    // The new refresh token carries the narrowed scope, and so does what introspection says of either token.
    const rotated = (await introspect(answer.refresh_token)).json();
    expect(rotated).toMatchObject({ active: true });
    expect(scopesOf(rotated.scope)).not.toContain('wiki:edit');
    const earlier = (await introspect(held.access_token)).json();
    expect(earlier).toMatchObject({ active: true });
    expect(scopesOf(earlier.scope)).not.toContain('wiki:edit');
  });

  it('asking for the scope by name at the refresh does not bring it back', async () => {
    const held = await tokens();
    expect((await call('DELETE', `/api/admin/groups/${editorsId}/members/${miraId}`)).statusCode).toBe(204);
    const refreshed = await refresh(held.refresh_token, { scope: 'openid wiki:edit' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(scopesOf(refreshed.json().scope)).not.toContain('wiki:edit');
    expect(scopesOf(decodeJwt(refreshed.json().access_token).scope)).not.toContain('wiki:edit');
  });

  it('a rule that drops the scope', async () => {
    const held = await tokens();
    expect((await editorsRule([])).statusCode).toBe(200);
    const refreshed = (await refresh(held.refresh_token)).json();
    expect(scopesOf(refreshed.scope)).not.toContain('wiki:edit');
    expect(scopesOf(decodeJwt(refreshed.access_token).scope)).not.toContain('wiki:edit');
  });

  it('a Central Consents scope revoked', async () => {
    expect((await editorsRule([])).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/consents/grant', { userId: miraId, appId, value: 'wiki:review' })).statusCode).toBe(200);
    const held = await tokens('openid offline_access wiki:review');
    expect(scopesOf(held.scope)).toContain('wiki:review');
    expect((await call('POST', '/api/admin/consents/revoke', { userId: miraId, appId, value: 'wiki:review' })).statusCode).toBe(200);
    const refreshed = (await refresh(held.refresh_token)).json();
    expect(scopesOf(refreshed.scope)).not.toContain('wiki:review');
    expect(scopesOf(decodeJwt(refreshed.access_token).scope)).not.toContain('wiki:review');
    expect(scopesOf((await introspect(refreshed.refresh_token)).json().scope)).not.toContain('wiki:review');
  });
});

describe('a refresh never widens the scope', () => {
  it('given back later, the scope returns only with a new sign-in to the app, not with a refresh', async () => {
    const held = await tokens();
    expect((await call('DELETE', `/api/admin/groups/${editorsId}/members/${miraId}`)).statusCode).toBe(204);
    const narrowed = (await refresh(held.refresh_token)).json();
    expect(scopesOf(narrowed.scope)).not.toContain('wiki:edit');

    expect((await call('POST', `/api/admin/groups/${editorsId}/members`, { uids: ['1:100002'] })).statusCode).toBe(200);
    const again = await refresh(narrowed.refresh_token);
    expect(again.statusCode, again.body).toBe(200);
    expect(scopesOf(again.json().scope)).not.toContain('wiki:edit');
    expect(scopesOf(decodeJwt(again.json().access_token).scope)).not.toContain('wiki:edit');
    const asked = await refresh(again.json().refresh_token, { scope: 'openid wiki:edit' });
    expect(asked.json().error).toBe('invalid_scope');

    // A new authorization decides afresh: the app asks again and gets it.
    expect(scopesOf((await tokens()).scope)).toContain('wiki:edit');
  });
});
