import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { basic, createClientSecret, postForm } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('client credentials: a machine client gets tokens for its own audience, no player involved', () => {
  let ctx: TestContext;
  let admin: string;
  let ledgerId: string;
  let secret: string;

  const asAdmin = (method: 'POST' | 'DELETE', url: string) => ctx.app.inject({ method, url, cookies: { portal_session: admin } });
  const machineToken = (form: Record<string, string> = {}, auth = basic('ledger', secret)) =>
    postForm(ctx, '/oidc/token', { grant_type: 'client_credentials', ...form }, auth ? { authorization: auth } : {});
  const introspect = (token: string) => postForm(ctx, '/oidc/introspect', { token }, { authorization: basic('ledger', secret) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await signIn(ctx, '1:100001')).cookie;
    const ledger = await createAppFixture(ctx, {
      key: 'ledger',
      name: 'Ledger Sync',
      audience: 'https://ledger.example.com',
      redirect_urls: [],
      grant_types: ['client_credentials'],
      machine_scopes: ['ledger:read', 'ledger:write'],
    });
    ledgerId = ledger.id;
    secret = await createClientSecret(ctx, admin, ledgerId);
  });
  afterAll(() => ctx.close());

  it('issues an access token for the app’s audience with the scopes an admin allowed it, and audits it', async () => {
    const res = await machineToken({ scope: 'ledger:read wiki:admin openid' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'ledger:read' });
    expect(body.refresh_token).toBeUndefined();
    expect(body.id_token).toBeUndefined();
    expect(decodeJwt(body.access_token)).toMatchObject({
      aud: 'https://ledger.example.com',
      sub: 'ledger',
      client_id: 'ledger',
      scope: 'ledger:read',
      iss: 'http://localhost:3000',
    });
    // Its secret in the body works as well as HTTP Basic.
    expect((await machineToken({ client_id: 'ledger', client_secret: secret }, '')).statusCode).toBe(200);
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'oidc_machine_token' AND app_key = 'ledger'");
    expect(audited.rows[0]!.details).toEqual({ client_id: 'ledger', scope: 'ledger:read' });
  });

  it('is introspected and revoked as the app’s other tokens, and names no player at userinfo', async () => {
    const { access_token: token } = (await machineToken({ scope: 'ledger:write' })).json();
    expect((await introspect(token)).json()).toMatchObject({ active: true, client_id: 'ledger', sub: 'ledger', scope: 'ledger:write' });
    const userinfo = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect(userinfo.statusCode).toBe(401);
    expect(userinfo.headers['www-authenticate']).toContain('error="invalid_token"');
    await postForm(ctx, '/oidc/revoke', { token }, { authorization: basic('ledger', secret) });
    expect((await introspect(token)).json()).toEqual({ active: false });
  });

  it('ends the tokens when the secret is removed, and refuses a public client (no secret) the grant', async () => {
    const { access_token: token } = (await machineToken()).json();
    const ended = await asAdmin('DELETE', `/api/admin/apps/${ledgerId}/client-secret`);
    expect(ended.statusCode).toBe(204);
    const records = await ctx.deps.db.query("SELECT 1 FROM oidc_payloads WHERE model = 'ClientCredentials' AND client_id = 'ledger'");
    expect(records.rowCount).toBe(0);

    const asPublic = await postForm(ctx, '/oidc/token', { grant_type: 'client_credentials', client_id: 'ledger' });
    expect(asPublic.statusCode).toBe(400);
    expect(asPublic.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'Ledger Sync is a public client (no client secret): a machine client needs one.',
    });
    secret = await createClientSecret(ctx, admin, ledgerId);
    // A token issued under the old secret stays ended.
    expect((await introspect(token)).json()).toEqual({ active: false });
  });

  it('ends the tokens when the app is deleted', async () => {
    const app = await createAppFixture(ctx, { key: 'cron', audience: 'cron', redirect_urls: [], grant_types: ['client_credentials'] });
    const cronSecret = await createClientSecret(ctx, admin, app.id);
    expect((await machineToken({}, basic('cron', cronSecret))).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/apps/${app.id}`)).statusCode).toBe(204);
    const records = await ctx.deps.db.query("SELECT 1 FROM oidc_payloads WHERE model = 'ClientCredentials' AND client_id = 'cron'");
    expect(records.rowCount).toBe(0);
  });

  it('refuses an app not allowed the grant (unauthorized_client), a wrong secret and an unknown client (invalid_client)', async () => {
    const wiki = await createAppFixture(ctx, { key: 'wiki', audience: 'wiki', redirect_urls: ['https://wiki.example.com/cb'] });
    const wikiSecret = await createClientSecret(ctx, admin, wiki.id);
    const notAllowed = await machineToken({}, basic('wiki', wikiSecret));
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toEqual({
      error: 'unauthorized_client',
      error_description: "Wiki may not use the grant type client_credentials: an admin can allow it on the app's Sign-in settings.",
    });
    const wrong = await machineToken({}, basic('ledger', `${secret}x`));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm="portal", error="invalid_client"/);
    expect((await machineToken({}, basic('nobody', secret))).json().error).toBe('invalid_client');
    expect((await machineToken({}, basic('portal', secret))).json().error).toBe('invalid_client');
    // Basic and a secret in the body at once is one way too many.
    expect((await machineToken({ client_secret: secret })).json().error).toBe('invalid_client');
  });
});
