import { describe, expect, it } from 'vitest';
import { approve, CLIENT, exchange, formPost, JORIN, MIRA, OTHER, REDIRECT, setup, signIn, wsGet, type TokenAnswer } from './helpers.ts';

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function refresh(app: ReturnType<typeof setup>['app'], refreshToken: string, fields: Record<string, string> = {}) {
  return app.inject(
    formPost('/ws/oauth2/token/', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      ...fields,
    }),
  );
}

describe('POST /ws/oauth2/token/ — authorization_code', () => {
  it('exchanges a code once for the documented shape: no token_type, no refresh_token when online', async () => {
    const { app } = setup();
    const res = await exchange(app, await approve(app, JORIN));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<TokenAnswer>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope']);
    expect(body.expires_in).toBe(3600);
    expect(body.scope).toBe('character_auth character_read');
    expect(body.access_token).toMatch(/^[\w-]{32,}$/);
  });

  it('fails a second use of the code with invalid_grant and revokes what the first use issued', async () => {
    const { app } = setup();
    const code = await approve(app, JORIN);
    const first = (await exchange(app, code)).json<TokenAnswer>();
    expect((await wsGet(app, '/ws/v2.0/character/', first.access_token)).statusCode).toBe(200);
    const second = await exchange(app, code);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('invalid_grant');
    expect((await wsGet(app, '/ws/v2.0/character/', first.access_token)).statusCode).toBe(401);
  });

  it('answers a wrong client_secret with 401 invalid_client', async () => {
    const { app } = setup();
    const res = await exchange(app, await approve(app, JORIN), { client_secret: 'wrong' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('answers an unknown client_id with 401 invalid_client', async () => {
    const { app } = setup();
    const res = await exchange(app, await approve(app, JORIN), { client_id: 'ghost' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  it('answers a redirect_uri that differs from the authorization request with invalid_grant', async () => {
    const { app } = setup();
    const code = await approve(app, JORIN);
    const res = await exchange(app, code, { redirect_uri: `${REDIRECT}/` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('answers a code issued to another client with invalid_grant', async () => {
    const { app } = setup();
    const res = await exchange(app, await approve(app, JORIN), { client_id: OTHER.clientId, client_secret: OTHER.clientSecret });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('answers an unknown code with invalid_grant', async () => {
    const { app } = setup();
    const res = await exchange(app, 'not-a-code');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('lets a code live 10 minutes', async () => {
    const { app, clock } = setup();
    const fresh = await approve(app, JORIN);
    const stale = await approve(app, MIRA);
    clock.advance(9 * 60 * 1000);
    expect((await exchange(app, fresh)).statusCode).toBe(200);
    clock.advance(60 * 1000 + 1);
    const res = await exchange(app, stale);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it.each(['code', 'redirect_uri', 'client_id', 'client_secret', 'grant_type'])(
    'answers a missing %s with invalid_request',
    async (field) => {
      const { app } = setup();
      const fields: Record<string, string> = {
        grant_type: 'authorization_code',
        code: await approve(app, JORIN),
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uri: REDIRECT,
      };
      delete fields[field];
      const res = await app.inject(formPost('/ws/oauth2/token/', fields));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    },
  );

  it('answers an unsupported grant_type with unsupported_grant_type', async () => {
    const { app } = setup();
    for (const grant of ['password', 'client_credentials', 'implicit']) {
      const res = await app.inject(
        formPost('/ws/oauth2/token/', { grant_type: grant, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('unsupported_grant_type');
    }
  });

  it('refuses a JSON body: token requests are form-encoded', async () => {
    const { app } = setup();
    const code = await approve(app, JORIN);
    const res = await app.inject({
      method: 'POST',
      url: '/ws/oauth2/token/',
      payload: {
        grant_type: 'authorization_code',
        code,
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uri: REDIRECT,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('accepts HTTP Basic client authentication', async () => {
    const { app } = setup();
    const code = await approve(app, JORIN);
    const res = await app.inject(
      formPost(
        '/ws/oauth2/token/',
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
        { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) },
      ),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers wrong Basic credentials with 401 and a Basic challenge, and refuses two authentication methods', async () => {
    const { app } = setup();
    const code = await approve(app, JORIN);
    const wrong = await app.inject(
      formPost(
        '/ws/oauth2/token/',
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
        { authorization: basic(CLIENT.clientId, 'nope') },
      ),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    const both = await app.inject(
      formPost(
        '/ws/oauth2/token/',
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret },
        { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) },
      ),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
  });

  it('uses the configured access token lifetime', async () => {
    const { app } = setup({ accessTokenTtlSeconds: 120 });
    expect((await signIn(app, JORIN)).expires_in).toBe(120);
  });
});

describe('offline access and refresh_token', () => {
  it('gives a refresh_token for access_type=offline', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    expect(tokens.refresh_token).toMatch(/^[\w-]{32,}$/);
  });

  it('refreshes: a new access token, the granted scope, no new refresh_token, and the old one stays valid', async () => {
    const { app, clock } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    clock.advance(3600 * 1000);
    expect((await wsGet(app, '/ws/v2.0/character/', tokens.access_token)).statusCode).toBe(401);

    const res = await refresh(app, tokens.refresh_token!);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenAnswer>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope']);
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body.scope).toBe(tokens.scope);
    const me = await wsGet(app, '/ws/v2.0/character/', body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().swcapi.character.uid).toBe(JORIN);

    expect((await refresh(app, tokens.refresh_token!)).statusCode).toBe(200);
  });

  it('may narrow the scope on refresh but not widen it', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    const narrow = await refresh(app, tokens.refresh_token!, { scope: 'character_auth' });
    expect(narrow.json().scope).toBe('character_auth');
    const wide = await refresh(app, tokens.refresh_token!, { scope: 'character_read faction_all' });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error).toBe('invalid_scope');
  });

  it('gives a narrowed refresh an access token that holds only the narrower scope, lowercase whatever the case asked', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline', scope: 'character_auth character_read' });
    const narrow = await refresh(app, tokens.refresh_token!, { scope: 'CHARACTER_AUTH' });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json().scope).toBe('character_auth');
    expect((await wsGet(app, '/ws/v2.0/character/', narrow.json().access_token)).statusCode).toBe(403);
    // The grant itself is not narrowed: a refresh without scope answers the whole grant again.
    expect((await refresh(app, tokens.refresh_token!)).json().scope).toBe('character_auth character_read');
  });

  it('refuses on refresh a scope the player unticked at consent', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline', scope: 'character_auth character_read' }, ['character_read']);
    const res = await refresh(app, tokens.refresh_token!, { scope: 'character_read' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_scope');
  });

  it('refuses an unknown refresh token, a missing one, or one of another client', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    expect((await refresh(app, 'bogus')).json().error).toBe('invalid_grant');
    expect((await refresh(app, tokens.refresh_token!, { client_id: OTHER.clientId, client_secret: OTHER.clientSecret })).json().error).toBe(
      'invalid_grant',
    );
    const missing = await app.inject(
      formPost('/ws/oauth2/token/', { grant_type: 'refresh_token', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }),
    );
    expect(missing.json().error).toBe('invalid_request');
  });

  it('refuses an online access token used as a refresh token', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN);
    expect((await refresh(app, tokens.access_token)).json().error).toBe('invalid_grant');
  });
});

describe('GET /ws/oauth2/revoke', () => {
  it('revokes the refresh token and the access tokens issued under it', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    const refreshed = (await refresh(app, tokens.refresh_token!)).json<TokenAnswer>();
    const res = await app.inject({
      url: `/ws/oauth2/revoke?token=${encodeURIComponent(tokens.refresh_token!)}&client_id=${CLIENT.clientId}`,
    });
    expect(res.statusCode).toBe(200);
    const again = await refresh(app, tokens.refresh_token!);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    expect((await wsGet(app, '/ws/v2.0/character/', tokens.access_token)).statusCode).toBe(401);
    expect((await wsGet(app, '/ws/v2.0/character/', refreshed.access_token)).statusCode).toBe(401);
  });

  it('leaves other grants alone', async () => {
    const { app } = setup();
    const a = await signIn(app, JORIN, { access_type: 'offline' });
    const b = await signIn(app, JORIN, { access_type: 'offline' });
    await app.inject({ url: `/ws/oauth2/revoke?token=${encodeURIComponent(a.refresh_token!)}&client_id=${CLIENT.clientId}` });
    expect((await refresh(app, b.refresh_token!)).statusCode).toBe(200);
    expect((await wsGet(app, '/ws/v2.0/character/', b.access_token)).statusCode).toBe(200);
  });

  it('answers 200 for an unknown token, and refuses a missing parameter or a token of another client', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { access_type: 'offline' });
    expect((await app.inject({ url: `/ws/oauth2/revoke?token=unknown&client_id=${CLIENT.clientId}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/ws/oauth2/revoke?client_id=${CLIENT.clientId}` })).json().error).toBe('invalid_request');
    expect((await app.inject({ url: `/ws/oauth2/revoke?token=${tokens.refresh_token}` })).json().error).toBe('invalid_request');
    const foreign = await app.inject({ url: `/ws/oauth2/revoke?token=${tokens.refresh_token}&client_id=${OTHER.clientId}` });
    expect(foreign.statusCode).toBe(400);
    expect((await refresh(app, tokens.refresh_token!)).statusCode).toBe(200);
  });
});

describe('GET /ws/oauth2/tokeninfo/', () => {
  it("answers the token's user_id as a UID, its client, scope and remaining lifetime", async () => {
    const { app, clock } = setup();
    const tokens = await signIn(app, MIRA);
    clock.advance(600 * 1000);
    const res = await app.inject({ url: `/ws/oauth2/tokeninfo/?access_token=${encodeURIComponent(tokens.access_token)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: MIRA, client_id: CLIENT.clientId, scope: 'character_auth character_read', expires_in: 3000 });
  });

  it('answers an invalid or expired token with 400 invalid_token', async () => {
    const { app, clock } = setup();
    const bad = await app.inject({ url: '/ws/oauth2/tokeninfo/?access_token=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_token');
    const tokens = await signIn(app, MIRA);
    clock.advance(3600 * 1000);
    const expired = await app.inject({ url: `/ws/oauth2/tokeninfo/?access_token=${encodeURIComponent(tokens.access_token)}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('invalid_token');
  });
});
