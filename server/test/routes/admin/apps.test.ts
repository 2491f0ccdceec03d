import { AppInput, PORTAL_APP_KEY } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

const call = (method: string, url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: cookie } });
const wiki = appFixture({
  name: 'Faction Wiki',
  icon: '📜',
  url: 'https://wiki.example.com/',
  description: 'Knowledge base',
  phase: 'Alpha',
  phaseDesc: 'Early access',
  phaseColor: 'grape',
  progress: 20,
  frontchannel_logout_url: 'https://wiki.example.com/logout',
  allow_global_admin: true,
  skip_uid_whitelist: true,
});

describe('/api/admin/apps', () => {
  it('lists the portal first', async () => {
    const res = await call('GET', '/api/admin/apps');
    expect(res.json()[0]).toMatchObject({
      key: PORTAL_APP_KEY,
      audience: PORTAL_APP_KEY,
      redirect_urls: [
        'http://localhost:3000/dashboard',
        'http://localhost:3000/oidc/interaction/',
        'http://localhost:3000/device',
        'http://localhost:3000/account',
      ],
    });
  });

  it('creates, edits and deletes an app, and the dashboard follows', async () => {
    const created = await call('POST', '/api/admin/apps', wiki);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...wiki, id: expect.any(String) });
    const id = created.json().id;
    expect((await call('GET', '/api/apps', undefined, player)).json().map((a: { key: string }) => a.key)).toContain('wiki');

    const edited = await call('PUT', `/api/admin/apps/${id}`, { ...wiki, name: 'Wiki 2', skip_uid_whitelist: false });
    expect(edited.json()).toMatchObject({ name: 'Wiki 2', skip_uid_whitelist: false });
    expect((await call('GET', '/api/apps', undefined, player)).json().map((a: { key: string }) => a.key)).not.toContain('wiki');

    expect((await call('DELETE', `/api/admin/apps/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/apps/${id}`)).statusCode).toBe(404);
    const events = (
      await ctx.deps.db.query(`SELECT event FROM audit_log WHERE app_key = 'wiki' AND actor_id IS NOT NULL ORDER BY id`)
    ).rows.map((r) => r.event);
    expect(events).toEqual(['app_created', 'app_updated', 'app_deleted']);
  });

  it('stores every field of the contract’s input and reads it back', async () => {
    const sent = appFixture({
      key: 'fleet',
      name: 'Fleet',
      icon: '🚀',
      url: 'https://fleet.example.com/',
      description: 'Ships',
      phase: 'Beta',
      phaseDesc: 'Open to all',
      phaseColor: 'teal',
      progress: 70,
      redirect_urls: ['https://fleet.example.com/', 'https://fleet.example.org/cb'],
      frontchannel_logout_url: 'https://fleet.example.com/fc',
      backchannel_logout_url: 'https://fleet.example.com/bc',
      allow_global_admin: true,
      allow_delegated_swc_token: true,
      skip_uid_whitelist: true,
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'client_credentials', 'refresh_token'],
      machine_scopes: ['fleet:read', 'fleet:write'],
    });
    const id = (await call('POST', '/api/admin/apps', sent)).json().id;
    const read = (await call('GET', '/api/admin/apps')).json().find((a: { id: string }) => a.id === id);
    for (const field of Object.keys(AppInput.shape) as (keyof typeof sent)[]) expect(read[field], field).toEqual(sent[field]);
    await call('DELETE', `/api/admin/apps/${id}`);
  });

  it('lets an app sign in with a code and refresh tokens unless told otherwise, and lists each grant once, in order', async () => {
    const created = await call('POST', '/api/admin/apps', { ...wiki, key: 'grants', audience: 'grants', grant_types: undefined });
    expect(created.json()).toMatchObject({ grant_types: ['authorization_code', 'refresh_token'], machine_scopes: [] });
    const id = created.json().id;
    const changed = await call('PUT', `/api/admin/apps/${id}`, {
      ...wiki,
      key: 'grants',
      audience: 'grants',
      grant_types: ['client_credentials', 'authorization_code', 'client_credentials'],
      machine_scopes: ['grants:read', 'grants:read'],
    });
    expect(changed.json()).toMatchObject({ grant_types: ['authorization_code', 'client_credentials'], machine_scopes: ['grants:read'] });
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'app_updated' AND app_key = 'grants'");
    expect(JSON.stringify(audited.rows[0]!.details)).toContain('client_credentials');
    await call('DELETE', `/api/admin/apps/${id}`);
  });

  it('creates a machine client with its client secret, answered this once: it gets a token at once, and the secret is audited', async () => {
    const created = await call('POST', '/api/admin/apps', {
      ...wiki,
      key: 'ledger',
      audience: 'https://ledger.example.com',
      grant_types: ['client_credentials'],
      machine_scopes: ['ledger:read'],
    });
    expect(created.statusCode).toBe(201);
    const { id, client_secret } = created.json();
    expect(client_secret).toMatch(/^[\w-]{40,}$/);
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'ledger', client_secret }).toString(),
    });
    expect(token.statusCode, token.body).toBe(200);
    expect((await call('GET', `/api/admin/apps/${id}/oidc-client`)).json().client_type).toBe('confidential');
    // Never again: the list and the app read back carry no secret.
    expect(JSON.stringify((await call('GET', '/api/admin/apps')).json())).not.toContain(client_secret);
    const events = (await ctx.deps.db.query(`SELECT event FROM audit_log WHERE app_key = 'ledger' ORDER BY id`)).rows.map((r) => r.event);
    expect(events).toEqual(['app_created', 'client_secret_created', 'oidc_machine_token']);
    // An app that signs players in stays a public client until an admin gives it a secret.
    const browserApp = await call('POST', '/api/admin/apps', { ...wiki, key: 'public-app', audience: 'public-app' });
    expect(browserApp.json().client_secret).toBeUndefined();
    await call('DELETE', `/api/admin/apps/${id}`);
    await call('DELETE', `/api/admin/apps/${browserApp.json().id}`);
  });

  it('answers 409 for a taken key or audience', async () => {
    await call('POST', '/api/admin/apps', { ...wiki, key: 'dup', audience: 'dup' });
    const sameKey = await call('POST', '/api/admin/apps', { ...wiki, key: 'dup', audience: 'other' });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().message).toBe('Another app already uses the key "dup".');
    const sameAud = await call('POST', '/api/admin/apps', { ...wiki, key: 'other', audience: 'dup' });
    expect(sameAud.json().message).toBe('Another app already uses the audience "dup".');
  });

  it.each([
    [{ redirect_urls: ['/relative'] }, 'Each redirect URL must be an absolute http(s) URL'],
    [{ redirect_urls: ['javascript:alert(1)'] }, 'Each redirect URL must be an absolute http(s) URL'],
    [{ url: 'ftp://x' }, 'URL must be an absolute http(s) URL'],
    [{ key: 'Has Space' }, 'Key may contain only'],
    [{ name: '' }, 'Name is required'],
    [{ icon: '🍕' }, 'Icon must be one of the 27 offered icons'],
    [{ progress: 101 }, 'Progress must be between 0 and 100'],
    [{ progress: 1.5 }, 'Progress must be a whole number'],
    [{ grant_types: ['password'] }, 'Grant types may only be authorization_code, refresh_token'],
    [{ grant_types: [] }, 'Choose at least one way for the app to sign in'],
    [{ grant_types: ['client_credentials', 'refresh_token'] }, 'Refresh tokens need sign-in with a code or a device code'],
    [{ grant_types: 'client_credentials' }, 'Grant types must be a list'],
    [{ machine_scopes: ['has space'] }, 'A scope may hold only letters'],
    [{ machine_scopes: ['a\u0000b'] }, 'Scope must not contain control characters'],
  ])('answers 400 with a message for %j', async (patch, message) => {
    const res = await call('POST', '/api/admin/apps', { ...wiki, key: 'bad', audience: 'bad', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('keeps the portal app: no deletion, no change of key or audience', async () => {
    const portal = (await call('GET', '/api/admin/apps')).json()[0];
    expect((await call('DELETE', `/api/admin/apps/${portal.id}`)).statusCode).toBe(400);
    const renamed = await call('PUT', `/api/admin/apps/${portal.id}`, { ...portal, audience: 'other' });
    expect(renamed.statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/apps/${portal.id}`, { ...portal, description: 'Our portal' })).statusCode).toBe(200);
  });
});
