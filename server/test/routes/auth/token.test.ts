import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwcAuthError, SwcUpstreamError } from '../../../src/integrations/swcombine/client.ts';
import { findSwcTokens } from '../../../src/services/swc-grants/queries/swc-tokens.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { createClientSecret } from '../../helpers/oidc.ts';
import { signIn, signOut } from '../../helpers/sign-in.ts';
import { swcConsentsOf, grantConsent } from '../../helpers/swc-consent.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS = 'urn:ietf:params:oauth:token-type:access_token';

let ctx: TestContext;
/** Each app's client secret (App Catalog's New client secret): the app authenticates with it. */
const secrets = new Map<string, string>();
let admin: string;

/** An app that may act for players, with its client secret. */
async function delegatingApp(key: string, fields: Parameters<typeof createAppFixture>[1] = {}) {
  const app = await createAppFixture(ctx, { key, skip_uid_whitelist: true, allow_delegated_swc_token: true, ...fields });
  secrets.set(key, await createClientSecret(ctx, admin, app.id));
  return app;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await delegatingApp('fleet', { name: 'Fleet' });
  await delegatingApp('tracker', { name: 'Tracker', allow_delegated_swc_token: false });
});
afterAll(() => ctx.close());

/** What the ingress hands the app: the at+jwt in the Authorization header of /auth/verify's answer. */
async function appToken(session: string, aud: string) {
  const res = await ctx.app.inject({ url: `/auth/verify?aud=${aud}`, cookies: { portal_session: session } });
  expect(res.statusCode).toBe(200);
  return String(res.headers.authorization).replace(/^Bearer /, '');
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The app the subject token was issued to (its client_id), or fleet for a token that names none. */
function appOf(subject: string): string {
  try {
    return String(decodeJwt(subject).client_id ?? 'fleet');
  } catch {
    return 'fleet';
  }
}

/** The app's server-to-server call: a form body, no Origin, and the client's authentication (`headers`). */
const exchange = (
  fields: Record<string, string>,
  headers: Record<string, string> = { authorization: basic('fleet', secrets.get('fleet')!) },
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: undefined, ...headers } as unknown as Record<string, string>,
    payload: new URLSearchParams(fields).toString(),
  });
const exchangeFields = (subject: string) => ({ grant_type: GRANT, subject_token: subject, subject_token_type: ACCESS });
/** The exchange as the app the subject token was issued to makes it, authenticated by client_secret_basic. */
const exchangeToken = (subject: string) =>
  exchange(exchangeFields(subject), { authorization: basic(appOf(subject), secrets.get(appOf(subject)) ?? '') });

const switchAutomation = (session: string, enabled: boolean) =>
  ctx.app.inject({ method: 'POST', url: '/api/swc/auth-token', cookies: { portal_session: session }, payload: { enabled } });

async function characterStatus(accessToken: string) {
  const res = await fetch(`${ctx.simulatorUrl}/ws/v2.0/character/`, {
    headers: { accept: 'application/json', authorization: `OAuth ${accessToken}` },
  });
  return res.status;
}

describe('POST /auth/token (RFC 8693 token exchange)', () => {
  let session: string;
  beforeAll(async () => {
    session = (await signIn(ctx, '1:100002')).cookie;
    await grantConsent(ctx, session, '1:100002', ['character_location']);
    await switchAutomation(session, true);
  });

  it('answers the player’s SWCombine access token, usable at SWCombine, and audits the exchange', async () => {
    const res = await exchangeToken(await appToken(session, 'fleet'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      issued_token_type: ACCESS,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'character_auth character_location character_read',
    });
    expect(await characterStatus(body.access_token)).toBe(200);
    const { rows } = await ctx.deps.db.query(`SELECT * FROM audit_log WHERE event = 'swc_token_exchanged' AND user_id = $1`, [
      await userIdOf(ctx, '1:100002'),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ app_key: 'fleet', details: { scopes: ['character_auth', 'character_location', 'character_read'] } });
  });

  it('refreshes (and stores) the token first when it has less than five minutes left', async () => {
    const before = (await exchangeToken(await appToken(session, 'fleet'))).json().access_token;
    ctx.clock.advance((3600 - 4 * 60) * 1000);
    const res = await exchangeToken(await appToken(session, 'fleet'));
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.access_token).not.toBe(before);
    expect(after.expires_in).toBe(3600);
    expect(after.scope).toBe('character_auth character_location character_read');
    expect(await characterStatus(after.access_token)).toBe(200);
    const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100002'));
    expect(ctx.deps.encryptor.decrypt(row!.access_token_enc!)).toBe(after.access_token);
  });

  it('hands out the stored token as long as it has five minutes or more', async () => {
    const first = (await exchangeToken(await appToken(session, 'fleet'))).json();
    ctx.clock.advance(60_000);
    const second = (await exchangeToken(await appToken(session, 'fleet'))).json();
    expect(second.access_token).toBe(first.access_token);
    expect(second.expires_in).toBe(first.expires_in - 60);
  });

  it('refuses with unauthorized_client when the app does not allow delegated tokens', async () => {
    const res = await exchangeToken(await appToken(session, 'tracker'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'The app tracker is not allowed delegated SWCombine tokens.',
    });
  });

  it('refuses with invalid_grant when the player switched the automation token off', async () => {
    await switchAutomation(session, false);
    try {
      const res = await exchangeToken(await appToken(session, 'fleet'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The player has not switched on the SWC automation token.' });
    } finally {
      await switchAutomation(session, true);
    }
  });

  it('refuses with invalid_grant a subject token that expired', async () => {
    const token = await appToken(session, 'fleet');
    ctx.clock.advance(301_000);
    const res = await exchangeToken(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });

  it('refuses with invalid_grant a token the portal did not sign', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ client_id: 'fleet', sid: 'x', aud: 'fleet', sub: '1:100002', iss: ctx.config.publicUrl })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'forged' })
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    for (const token of [forged, 'not-a-jwt']) {
      const res = await exchangeToken(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The subject token is not an access token this portal issued.',
      });
    }
  });

  it.each([
    [{ subject_token_type: ACCESS, grant_type: GRANT }, 'invalid_request', 'subject_token'],
    [
      { subject_token: 'x', grant_type: GRANT, subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' },
      'invalid_request',
      'subject_token_type',
    ],
    [{ subject_token: 'x', subject_token_type: ACCESS, grant_type: 'client_credentials' }, 'unsupported_grant_type', 'grant_type'],
  ])('refuses a malformed request %j with %s', async (fields, error, names) => {
    const res = await exchange(fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, error_description: expect.stringContaining(names) });
  });

  it('takes form bodies only (415 for JSON)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { origin: undefined },
      payload: { grant_type: GRANT, subject_token: 'x', subject_token_type: ACCESS },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('application/x-www-form-urlencoded'),
    });
  });

  it('refuses with invalid_grant once the player signed out (the session ended)', async () => {
    const other = (await signIn(ctx, '1:100003')).cookie;
    await switchAutomation(other, true);
    const token = await appToken(other, 'fleet');
    await signOut(ctx, other);
    const res = await exchangeToken(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The player’s session has ended.' });
  });

  it('answers invalid_grant and marks the grant gone when SWCombine refuses the refresh', async () => {
    const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100002'));
    await ctx.deps.swc.revoke(ctx.deps.encryptor.decrypt(row!.refresh_token_enc!)); // revoked at SWCombine by the player
    ctx.clock.advance(3600 * 1000);
    const res = await exchangeToken(await appToken(session, 'fleet'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'SWCombine no longer accepts the permissions the player granted.',
    });
    expect(await swcConsentsOf(ctx, session)).toMatchObject({ scopes: [], grantGone: true });
    const again = await exchangeToken(await appToken(session, 'fleet'));
    expect(again.json().error).toBe('invalid_grant');
  });
});

describe('the calling app authenticates (client_secret_basic or client_secret_post)', () => {
  let session: string;
  beforeAll(async () => {
    session = (await signIn(ctx, '1:100002')).cookie;
    await switchAutomation(session, true);
  });

  it('takes the client secret in the form too (client_secret_post)', async () => {
    const res = await exchange(
      { ...exchangeFields(await appToken(session, 'fleet')), client_id: 'fleet', client_secret: secrets.get('fleet')! },
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses with 401 invalid_client an exchange that does not authenticate, or with a wrong secret, before reading the subject', async () => {
    const subject = await appToken(session, 'fleet');
    const bare = await exchange(exchangeFields(subject), {});
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Fleet is a confidential client: send its client secret, by HTTP Basic or as client_secret in the body.',
    });
    const wrong = await exchange(exchangeFields(subject), { authorization: basic('fleet', 'a-guess') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: 'The client could not be authenticated.' });
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    // Even an expired subject token is not looked at for a client that did not authenticate.
    ctx.clock.advance(301_000);
    expect((await exchange(exchangeFields(subject), {})).json().error).toBe('invalid_client');
  });

  it('refuses with invalid_grant a subject token issued to another app than the one authenticated', async () => {
    const res = await exchange(exchangeFields(await appToken(session, 'fleet')), {
      authorization: basic('tracker', secrets.get('tracker')!),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The subject token was issued to fleet, not to tracker.' });
  });

  it('refuses an app without a client secret with a sentence saying to create one', async () => {
    await createAppFixture(ctx, { key: 'open-tool', name: 'Open Tool', skip_uid_whitelist: true, allow_delegated_swc_token: true });
    const subject = await appToken(session, 'open-tool');
    for (const res of [
      await exchange(exchangeFields(subject), {}),
      await exchange({ ...exchangeFields(subject), client_id: 'open-tool' }, {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'invalid_client',
        error_description:
          "Open Tool has no client secret: an admin creates one in App Catalog (the app's OpenID Connect dialog, New client secret), and the app sends it with each request.",
      });
    }
  });
});

describe('rate limit', () => {
  it('counts each app on its own', async () => {
    const session = (await signIn(ctx, '1:100004')).cookie;
    const tracker = await appToken(session, 'tracker');
    let res;
    for (let i = 0; i < 121; i++) res = await exchangeToken(tracker);
    expect(res!.statusCode).toBe(429);
    expect(res!.json()).toEqual({ error: 'slow_down', error_description: expect.stringContaining('Too many token requests') });
    expect(res!.headers['retry-after']).toBeDefined();
    await switchAutomation(session, true);
    expect((await exchangeToken(await appToken(session, 'fleet'))).statusCode).toBe(200);
  });
});

describe('failures answer in OAuth’s shape', () => {
  let session: string;
  beforeAll(async () => {
    session = (await signIn(ctx, '1:100003')).cookie;
    await switchAutomation(session, true);
  });

  /** Runs `work` with `ctx.deps.<key>.<method>` replaced. */
  async function withStub<K extends 'keys' | 'swc', M extends keyof TestContext['deps'][K]>(
    key: K,
    method: M,
    stub: TestContext['deps'][K][M],
    work: () => Promise<void>,
  ) {
    const target = ctx.deps[key];
    const original = target[method];
    target[method] = stub;
    try {
      await work();
    } finally {
      target[method] = original;
    }
  }

  it('answers 503 temporarily_unavailable with Retry-After while the database does not answer', async () => {
    const token = await appToken(session, 'fleet');
    const outage = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    await withStub(
      'keys',
      'jwks',
      () => Promise.reject(outage),
      async () => {
        const res = await exchangeToken(token);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('database') });
      },
    );
  });

  it('answers 500 server_error, not a serialization failure, for an unexpected error', async () => {
    const token = await appToken(session, 'fleet');
    await withStub(
      'keys',
      'jwks',
      () => Promise.reject(new Error('disk on fire')),
      async () => {
        const res = await exchangeToken(token);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: 'server_error', error_description: 'Something went wrong on our side. Please try again.' });
      },
    );
  });

  it('answers 503 temporarily_unavailable when SWCombine does not answer the refresh', async () => {
    ctx.clock.advance(3600 * 1000);
    const token = await appToken(session, 'fleet');
    const unreachable = () => Promise.reject(new SwcUpstreamError('SWCombine is unreachable: connect ECONNREFUSED'));
    await withStub('swc', 'refresh', unreachable, async () => {
      const res = await exchangeToken(token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('ECONNREFUSED') });
    });
  });

  it('answers invalid_grant when SWCombine refuses the refresh with another OAuth error (invalid_scope)', async () => {
    ctx.clock.advance(3600 * 1000);
    const token = await appToken(session, 'fleet');
    const refused = () => Promise.reject(new SwcAuthError('invalid_scope', 'character_location is not a scope of this client'));
    await withStub('swc', 'refresh', refused, async () => {
      const res = await exchangeToken(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'SWCombine refused the player’s grant: character_location is not a scope of this client',
      });
    });
  });
});

describe('the player’s access to the app', () => {
  it('refuses with invalid_grant once the player’s access was suspended, even with a subject token issued before', async () => {
    const guild = await delegatingApp('guild', { skip_uid_whitelist: false });
    const session = (await signIn(ctx, '1:100004')).cookie;
    await switchAutomation(session, true);
    const player = await userIdOf(ctx, '1:100004');
    await ctx.deps.db.query(`INSERT INTO user_app_access (user_id, app_id, status) VALUES ($1, $2, 'active')`, [player, guild.id]);
    const token = await appToken(session, 'guild');
    expect((await exchangeToken(token)).statusCode).toBe(200);

    await ctx.deps.db.query(`UPDATE user_app_access SET status = 'suspended' WHERE user_id = $1 AND app_id = $2`, [player, guild.id]);
    const res = await exchangeToken(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The app guild no longer admits the player: Your access to this app is suspended.',
    });
  });
});

describe('a scope revoked while an exchange refreshes the token', () => {
  it('is neither stored back nor handed out by the exchange that read the grant before the revocation', async () => {
    const session = (await signIn(ctx, '1:100002')).cookie;
    await grantConsent(ctx, session, '1:100002', ['character_location', 'character_stats']);
    await switchAutomation(session, true);
    ctx.clock.advance((3600 - 4 * 60) * 1000); // the stored token has 4 minutes left: the exchange refreshes it
    const token = await appToken(session, 'fleet');

    const real = ctx.deps.swc;
    let refreshed!: () => void;
    let answer!: () => void;
    const started = new Promise<void>((resolve) => (refreshed = resolve));
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let slowed = false;
    // SWCombine refreshes at once, but only the first refresh's answer (the exchange's) is slow to arrive.
    ctx.deps.swc = {
      ...real,
      refresh: async (refreshToken, scopes) => {
        const tokens = await real.refresh(refreshToken, scopes);
        if (!slowed) {
          slowed = true;
          refreshed();
          await answered;
        }
        return tokens;
      },
    };
    try {
      const exchanged = exchangeToken(token);
      await started;
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/swc/consents/character_location',
        cookies: { portal_session: session },
      });
      expect(revoked.statusCode).toBe(200);
      answer();
      const res = await exchanged;
      expect(res.statusCode).toBe(200);
      expect(res.json().scope).toBe('character_auth character_read character_stats');
    } finally {
      answer();
      ctx.deps.swc = real;
    }
    expect((await swcConsentsOf(ctx, session)).scopes).toEqual(['character_auth', 'character_read', 'character_stats']);
  });
});
