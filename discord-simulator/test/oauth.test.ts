import { describe, expect, it } from 'vitest';
import {
  API,
  authorizeUrl,
  bearer,
  buttonTexts,
  CLIENT_ID,
  codeFor,
  formPost,
  linkAs,
  location,
  press,
  REDIRECT,
  setup,
  tokenRequest,
  USERS,
} from './helpers.ts';

describe('GET /oauth2/authorize', () => {
  it('shows what the application asks for, one Authorize button per simulated person (no bots), and Cancel', async () => {
    const { app } = setup();
    const res = await app.inject({ url: authorizeUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('SWC Portal wants to access your Discord account');
    expect(res.body).toContain('Join servers for you');
    expect(buttonTexts(res.body)).toEqual([
      'Authorize as kessa.mordo',
      'Authorize as jorin.vex',
      'Authorize as mira.solan',
      'Authorize as rorrwaak',
      'Authorize as talia.dorne',
      'Authorize as vel.anders',
      'Authorize as drex.holloway',
      'Authorize as nyla.tenn',
      'Cancel',
    ]);
  });

  it('sends the player back with a code and the state when they authorize', async () => {
    const { app } = setup();
    const res = await press(app, authorizeUrl({ state: 'xyz' }), { user_id: USERS.mira });
    expect(res.statusCode).toBe(302);
    const back = location(res);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it('sends the player back with error=access_denied on Cancel', async () => {
    const { app } = setup();
    const res = await press(app, authorizeUrl({ state: 'abc' }), { decision: 'deny' });
    expect(res.statusCode).toBe(302);
    expect(Object.fromEntries(location(res).searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request',
      state: 'abc',
    });
  });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    const { app } = setup();
    for (const url of [
      authorizeUrl({ client_id: '123' }),
      authorizeUrl({ redirect_uri: 'http://evil.example.com/cb' }),
      authorizeUrl({ redirect_uri: undefined }),
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toMatch(/Invalid OAuth2 (client_id|redirect_uri)/);
    }
  });

  it('redirects back with invalid_scope for an unknown or missing scope, and unsupported_response_type for token', async () => {
    const { app } = setup();
    const unknown = await app.inject({ url: authorizeUrl({ scope: 'identify bot_everything' }) });
    expect(location(unknown).searchParams.get('error')).toBe('invalid_scope');
    expect(location(await app.inject({ url: authorizeUrl({ scope: '' }) })).searchParams.get('error')).toBe('invalid_scope');
    const implicit = await app.inject({ url: authorizeUrl({ response_type: 'token' }) });
    expect(location(implicit).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('with prompt=none, sends a browser whose user already authorized these scopes straight back; otherwise shows the page', async () => {
    const { app } = setup();
    const first = await press(app, authorizeUrl(), { user_id: USERS.mira });
    const cookie = (first.headers['set-cookie'] as string).split(';')[0]!;
    const again = await app.inject({ url: authorizeUrl({ prompt: 'none', state: 's2' }), headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(location(again).searchParams.get('state')).toBe('s2');
    const code = location(again).searchParams.get('code')!;
    const exchanged = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    const me = await app.inject({ url: `${API}/users/@me`, headers: bearer(exchanged.json().access_token) });
    expect(me.json().username).toBe('mira.solan');

    const moreScopes = await app.inject({
      url: authorizeUrl({ prompt: 'none', scope: 'identify guilds.join email' }),
      headers: { cookie },
    });
    expect(moreScopes.statusCode).toBe(200);
    expect((await app.inject({ url: authorizeUrl({ prompt: 'none' }) })).statusCode).toBe(200);
  });

  it('refuses an authorization posted for a bot or nobody', async () => {
    const { app } = setup();
    expect((await press(app, authorizeUrl(), { user_id: USERS.bot })).statusCode).toBe(400);
    expect((await press(app, authorizeUrl(), { user_id: '1' })).statusCode).toBe(400);
  });
});

describe('POST /api/v10/oauth2/token', () => {
  it("exchanges a code once for Discord's token answer, with client auth by Basic or in the body", async () => {
    const { app } = setup();
    for (const basic of [true, false]) {
      const code = await codeFor(app, USERS.mira);
      const res = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, basic);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        token_type: 'Bearer',
        access_token: expect.any(String),
        expires_in: 604800,
        refresh_token: expect.any(String),
        scope: 'identify guilds.join',
      });
      const reuse = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, basic);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toBe('invalid_grant');
    }
  });

  it("answers invalid_grant for a redirect_uri other than the authorize request's, an unknown code or an expired one", async () => {
    const { app, clock } = setup();
    const code = await codeFor(app, USERS.mira);
    const wrong = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:3000/other' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
    const missing = await tokenRequest(app, { grant_type: 'authorization_code', code });
    expect(missing.json().error).toBe('invalid_grant');
    expect((await tokenRequest(app, { grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT })).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid "code" in request.',
    });
    const late = await codeFor(app, USERS.mira);
    clock.advance(10 * 60 * 1000 + 1);
    expect((await tokenRequest(app, { grant_type: 'authorization_code', code: late, redirect_uri: REDIRECT })).json().error).toBe(
      'invalid_grant',
    );
  });

  it('answers 401 invalid_client for a wrong secret or none, and refuses JSON bodies', async () => {
    const { app } = setup();
    const code = await codeFor(app, USERS.mira);
    const wrong = await app.inject(
      formPost(`${API}/oauth2/token`, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: CLIENT_ID,
        client_secret: 'x',
      }),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const anonymous = await app.inject(formPost(`${API}/oauth2/token`, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }));
    expect(anonymous.statusCode).toBe(401);
    const json = await app.inject({
      method: 'POST',
      url: `${API}/oauth2/token`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'authorization_code', code, client_id: CLIENT_ID }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
    expect((await tokenRequest(app, { grant_type: 'client_credentials' })).json().error).toBe('unsupported_grant_type');
  });

  it('refreshes into a new access token and a new refresh token; the used refresh token stops working', async () => {
    const { app } = setup();
    const first = await linkAs(app, USERS.mira);
    const res = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe('identify guilds.join');
    expect((await app.inject({ url: `${API}/users/@me`, headers: bearer(second.access_token) })).statusCode).toBe(200);
    const spent = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error).toBe('invalid_grant');
  });

  it('is also served at the unversioned /api/oauth2/token Discord documents', async () => {
    const { app } = setup();
    const code = await codeFor(app, USERS.mira);
    const res = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, true, '/api/oauth2/token');
    expect(res.statusCode).toBe(200);
  });

  it('expires access tokens after expires_in', async () => {
    const { app, clock } = setup({ tokenTtlSeconds: 60 });
    const t = await linkAs(app, USERS.mira);
    expect(t.expires_in).toBe(60);
    clock.advance(60_001);
    expect((await app.inject({ url: `${API}/users/@me`, headers: bearer(t.access_token) })).statusCode).toBe(401);
  });
});

describe('POST /api/v10/oauth2/token/revoke', () => {
  it('revokes the whole authorization: every token of that user for the application, and prompt=none asks again', async () => {
    const { app } = setup();
    const code = await codeFor(app, USERS.mira);
    const cookie = `discord_simulator_user=${USERS.mira}`;
    const first = (await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).json();
    const second = await linkAs(app, USERS.mira);
    const jorin = await linkAs(app, USERS.jorin);
    const res = await tokenRequest(app, { token: first.access_token, token_type_hint: 'access_token' }, true, `${API}/oauth2/token/revoke`);
    expect(res.statusCode).toBe(200);
    for (const t of [first.access_token, second.access_token]) {
      expect((await app.inject({ url: `${API}/users/@me`, headers: bearer(t) })).statusCode).toBe(401);
    }
    expect((await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: second.refresh_token })).statusCode).toBe(400);
    expect((await app.inject({ url: `${API}/users/@me`, headers: bearer(jorin.access_token) })).statusCode).toBe(200);
    expect((await app.inject({ url: authorizeUrl({ prompt: 'none' }), headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 200 for an unknown token and 401 invalid_client without client authentication', async () => {
    const { app } = setup();
    expect((await tokenRequest(app, { token: 'unknown' }, false, `${API}/oauth2/token/revoke`)).statusCode).toBe(200);
    const anonymous = await app.inject(formPost(`${API}/oauth2/token/revoke`, { token: 'unknown' }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('invalid_client');
  });
});
