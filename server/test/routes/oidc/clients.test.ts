import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import {
  authorize,
  authorizeUrl,
  basic,
  browse,
  CookieJar,
  createClientSecret,
  exchange,
  pkcePair,
  postForm,
  WIKI_REDIRECT,
} from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('OpenID Connect clients: public and confidential, and what each must prove', () => {
  let ctx: TestContext;
  let jar: CookieJar;
  let admin: string;
  let appId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const app = await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
    });
    appId = app.id;
    admin = (await signIn(ctx, '1:100001')).cookie;
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string) => ctx.app.inject({ method, url, cookies: { portal_session: admin } });

  it('is public until an admin gives it a secret, which is shown once and audited', async () => {
    expect((await asAdmin('GET', `/api/admin/apps/${appId}/oidc-client`)).json()).toMatchObject({
      client_id: 'wiki',
      client_type: 'public',
      secret_created_at: null,
      discovery_url: 'http://localhost:3000/.well-known/openid-configuration',
    });
    const created = await asAdmin('POST', `/api/admin/apps/${appId}/client-secret`);
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toContain('no-store');
    const { client_id, client_secret } = created.json();
    expect(client_id).toBe('wiki');
    expect(Buffer.from(client_secret, 'base64url')).toHaveLength(32);
    const stored = await ctx.deps.db.query<{ client_secret_hash: Buffer }>("SELECT client_secret_hash FROM apps WHERE key = 'wiki'");
    expect(stored.rows[0]!.client_secret_hash.toString('base64url')).not.toContain(client_secret);
    expect((await asAdmin('GET', `/api/admin/apps/${appId}/oidc-client`)).json().client_type).toBe('confidential');
    const events = await ctx.deps.db.query("SELECT event FROM audit_log WHERE event = 'client_secret_created' AND app_key = 'wiki'");
    expect(events.rowCount).toBe(1);
  });

  it('authenticates a confidential client with Basic or in the body, and refuses a wrong secret', async () => {
    const secret = await createClientSecret(ctx, admin, appId);
    // A secret made while the app already had one replaced it, and Activity says so.
    const replaced = await ctx.deps.db.query(
      "SELECT event FROM audit_log WHERE event LIKE 'client_secret_%' AND app_key = 'wiki' ORDER BY id",
    );
    expect(replaced.rows.map((r) => r.event)).toEqual(['client_secret_created', 'client_secret_replaced']);
    const viaBasic = await authorize(ctx, jar);
    expect((await exchange(ctx, viaBasic.code!, viaBasic.verifier, { authorization: basic('wiki', secret) })).statusCode).toBe(200);
    const viaPost = await authorize(ctx, jar);
    expect((await exchange(ctx, viaPost.code!, viaPost.verifier, {}, { client_secret: secret })).statusCode).toBe(200);
    const wrong = await authorize(ctx, jar);
    const refused = await exchange(ctx, wrong.code!, wrong.verifier, { authorization: basic('wiki', `${secret}x`) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_client');
    const none = await authorize(ctx, jar);
    expect((await exchange(ctx, none.code!, none.verifier)).json().error).toBe('invalid_client');
  });

  it('takes a replaced secret away at the next exchange, though the client door keeps the app it checked', async () => {
    const { client_secret: before } = (await asAdmin('POST', `/api/admin/apps/${appId}/client-secret`)).json();
    const first = await authorize(ctx, jar);
    expect((await exchange(ctx, first.code!, first.verifier, { authorization: basic('wiki', before) })).statusCode).toBe(200);
    const { client_secret: after } = (await asAdmin('POST', `/api/admin/apps/${appId}/client-secret`)).json();
    const old = await authorize(ctx, jar);
    const refused = await exchange(ctx, old.code!, old.verifier, { authorization: basic('wiki', before) });
    expect(refused.json().error).toBe('invalid_client');
    const next = await authorize(ctx, jar);
    expect((await exchange(ctx, next.code!, next.verifier, { authorization: basic('wiki', after) })).statusCode).toBe(200);
  });

  it('is public again once the secret is removed, and every token issued to it ends', async () => {
    const secret = await createClientSecret(ctx, admin, appId);
    const flow = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const tokens = (await exchange(ctx, flow.code!, flow.verifier, { authorization: basic('wiki', secret) })).json();
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect((await asAdmin('DELETE', `/api/admin/apps/${appId}/client-secret`)).statusCode).toBe(204);
    const refresh = await postForm(ctx, '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'wiki',
    });
    expect(refresh.json().error).toBe('invalid_grant');
    expect((await asAdmin('DELETE', `/api/admin/apps/${appId}/client-secret`)).statusCode).toBe(404);
    const events = await ctx.deps.db.query("SELECT event FROM audit_log WHERE event = 'client_secret_deleted'");
    expect(events.rowCount).toBe(1);
  });

  it('keeps the portal out of its own client list, and the endpoints to admins', async () => {
    const portal = await ctx.deps.db.query<{ id: string }>("SELECT id FROM apps WHERE key = 'portal'");
    expect((await asAdmin('POST', `/api/admin/apps/${portal.rows[0]!.id}/client-secret`)).statusCode).toBe(400);
    const player = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/apps/${appId}/client-secret`,
      headers: { cookie: jar.header() },
    });
    expect(player.statusCode).toBe(403);
  });

  it('requires PKCE S256 of a public client', async () => {
    const res = await browse(ctx, jar, authorizeUrl({ client_id: 'wiki', redirect_uri: WIKI_REDIRECT, state: 'st' }));
    const back = new URL(res.headers.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('st');
    const plain = pkcePair();
    const downgraded = await browse(
      ctx,
      jar,
      authorizeUrl({ client_id: 'wiki', redirect_uri: WIKI_REDIRECT, code_challenge: plain.verifier, code_challenge_method: 'plain' }),
    );
    expect(new URL(downgraded.headers.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a code whose verifier does not match, and a code used twice (ending what it issued)', async () => {
    const flow = await authorize(ctx, jar);
    expect((await exchange(ctx, flow.code!, pkcePair().verifier)).json().error).toBe('invalid_grant');

    const twice = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const first = (await exchange(ctx, twice.code!, twice.verifier)).json();
    expect(first.refresh_token).toEqual(expect.any(String));
    const replay = await exchange(ctx, twice.code!, twice.verifier);
    expect(replay.json().error).toBe('invalid_grant');
    const refresh = await postForm(ctx, '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'wiki',
    });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('never redirects to an address the app did not register, nor for an unknown client', async () => {
    const pkce = pkcePair();
    for (const params of [
      { client_id: 'wiki', redirect_uri: 'https://wiki.example.com/oauth/callback/evil' },
      { client_id: 'wiki', redirect_uri: 'https://evil.example.com/oauth/callback' },
      { client_id: 'nope', redirect_uri: WIKI_REDIRECT },
    ]) {
      const res = await browse(ctx, jar, authorizeUrl({ ...params, code_challenge: pkce.challenge, code_challenge_method: 'S256' }));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<p class="product">Industry Alignment Management Platform</p>');
      if (params.client_id === 'nope') {
        expect(res.body).toContain('This sign-in cannot go on');
        expect(res.body).toContain('No app is registered under this client ID');
      } else {
        // The client is known: the page names the app rather than "the app".
        expect(res.body).toContain('The sign-in to Wiki cannot go on');
        expect(res.body).toContain('Wiki asked to return you to an address that is not registered for it');
        expect(res.body).toContain('An administrator can add the address to Wiki in App Catalog.');
      }
    }
  });
});
