import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwcUpstreamError, type SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { findSwcTokens } from '../../../src/services/swc-grants/queries/swc-tokens.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { approveAtSimulator, signIn } from '../../helpers/sign-in.ts';
import { swcConsentsOf, grantConsent, startConsent } from '../../helpers/swc-consent.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const auditRows = async (event: string, userId: string) =>
  (await ctx.deps.db.query('SELECT * FROM audit_log WHERE event = $1 AND user_id = $2 ORDER BY id', [event, userId])).rows;
const revoke = (session: string, scope: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/swc/consents/${scope}`, cookies: { portal_session: session } });

/** Calls the simulator's character endpoint with the stored access token. */
async function characterCallStatus(uid: string) {
  const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, uid));
  const token = ctx.deps.encryptor.decrypt(row!.access_token_enc!);
  const res = await fetch(`${ctx.simulatorUrl}/ws/v2.0/character/`, {
    headers: { accept: 'application/json', authorization: `OAuth ${token}` },
  });
  return res.status;
}

describe('signed-in only', () => {
  it.each([
    ['GET', '/api/swc/consents'],
    ['POST', '/api/swc/authorize'],
    ['DELETE', '/api/swc/consents/character_location'],
  ])('%s %s answers 401 without a session', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, payload: method === 'POST' ? { scopes: ['x'] } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('granting SWC consents', () => {
  let session: string;
  beforeAll(async () => {
    session = (await signIn(ctx, '1:100002')).cookie;
  });

  it('lists the scopes SWCombine granted at sign-in, and sign-in asks for offline access keeping earlier grants', async () => {
    expect(await swcConsentsOf(ctx, session)).toEqual({
      scopes: ['character_auth', 'character_read'],
      needsReauthorization: [],
      grantGone: false,
    });
    const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100002'));
    expect(row!.refresh_token_enc).not.toBeNull();
  });

  it('asks SWCombine for the union of granted and new scopes, lowercase, offline, keeping earlier grants', async () => {
    const { authorizeUrl, stateCookie } = await startConsent(ctx, session, ['CHARACTER_LOCATION', 'character_stats']);
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${ctx.simulatorUrl}/ws/oauth2/auth/`);
    expect(url.searchParams.get('scope')).toBe('character_auth character_location character_read character_stats');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('renew_previously_granted')).toBe('yes');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(url.searchParams.get('state')).toBe(stateCookie);
  });

  it('stores what the player ticked at SWCombine, not what was asked, audits it and returns to /swc/consents', async () => {
    const res = await grantConsent(
      ctx,
      session,
      '1:100002',
      ['character_location', 'character_stats'],
      ['character_auth', 'character_read', 'character_location'],
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/swc/consents');
    // The consent flow leaves the session as it was.
    expect(res.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    expect((await swcConsentsOf(ctx, session)).scopes).toEqual(['character_auth', 'character_location', 'character_read']);
    const [row] = await auditRows('swc_consent_granted', await userIdOf(ctx, '1:100002'));
    expect(row.details).toMatchObject({ granted: ['character_auth', 'character_location', 'character_read'] });
  });

  it('adds a scope on top of the granted ones', async () => {
    await grantConsent(ctx, session, '1:100002', ['character_stats']);
    expect((await swcConsentsOf(ctx, session)).scopes).toEqual([
      'character_auth',
      'character_location',
      'character_read',
      'character_stats',
    ]);
  });

  it('refuses a callback in a browser signed in as another player', async () => {
    const other = (await signIn(ctx, '1:100003')).cookie;
    const { authorizeUrl, stateCookie } = await startConsent(ctx, session, ['character_skills']);
    const callback = new URL(await approveAtSimulator(authorizeUrl, '1:100002'));
    const res = await ctx.app.inject({
      url: callback.pathname + callback.search,
      cookies: { portal_login_state: stateCookie, portal_session: other },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('started by another player');
    expect(res.body).toContain('Back to SWC consents');
    expect((await swcConsentsOf(ctx, session)).scopes).not.toContain('character_skills');
  });

  it('refuses permissions granted as another character at SWCombine', async () => {
    const res = await grantConsent(ctx, session, '1:100004', ['character_skills']);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('as another character');
    expect((await swcConsentsOf(ctx, session)).scopes).not.toContain('character_skills');
  });

  it('refuses a list with no scope or a malformed name, naming the field', async () => {
    for (const payload of [{ scopes: [] }, { scopes: ['bad scope!'] }, {}]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/swc/authorize', cookies: { portal_session: session }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('scope');
    }
  });
});

describe('revoking a scope', () => {
  let session: string;
  beforeAll(async () => {
    session = (await signIn(ctx, '1:100001')).cookie;
    await grantConsent(ctx, session, '1:100001', ['character_location', 'character_stats']);
  });

  it('refuses to revoke a sign-in scope with the reason', async () => {
    const res = await revoke(session, 'CHARACTER_AUTH');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'character_auth: The portal signs you in with this permission, so it cannot be revoked here.',
    });
  });

  it('answers 404 for a scope the player never granted', async () => {
    const res = await revoke(session, 'messages_read');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You have not granted messages_read to the portal.');
  });

  it('narrows the grant by refreshing with the remaining scopes and never uses the revoked one again', async () => {
    const res = await revoke(session, 'character_location');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      scopes: ['character_auth', 'character_read', 'character_stats'],
      needsReauthorization: [],
      grantGone: false,
    });
    const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100001'));
    const info = await ctx.deps.swc.tokenInfo(ctx.deps.encryptor.decrypt(row!.access_token_enc!));
    expect(info.scopes.sort()).toEqual(['character_auth', 'character_read', 'character_stats']);
    expect(await characterCallStatus('1:100001')).toBe(200);
    const [audited] = await auditRows('swc_consent_revoked', await userIdOf(ctx, '1:100001'));
    expect(audited.details).toMatchObject({ scope: 'character_location', grantRevoked: false });
  });

  it('does not bring a revoked scope back when the player signs in again (SWCombine keeps it in the grant)', async () => {
    session = (await signIn(ctx, '1:100001')).cookie;
    expect((await swcConsentsOf(ctx, session)).scopes).toEqual(['character_auth', 'character_read', 'character_stats']);
  });

  it('revokes the whole grant when SWCombine still answers the scope, and shows the rest as needing re-authorization', async () => {
    const real = ctx.deps.swc;
    // A SWCombine that ignores the narrowing scope on refresh.
    const ignoresNarrowing: SwcClient = { ...real, refresh: (token) => real.refresh(token) };
    ctx.deps.swc = ignoresNarrowing;
    try {
      const before = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100001'));
      const res = await revoke(session, 'character_stats');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ scopes: [], needsReauthorization: ['character_auth', 'character_read'], grantGone: false });
      const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100001'));
      expect(row!.access_token_enc).toBeNull();
      // The grant is revoked at SWCombine: its refresh token no longer works.
      await expect(real.refresh(ctx.deps.encryptor.decrypt(before!.refresh_token_enc!))).rejects.toMatchObject({ code: 'invalid_grant' });
    } finally {
      ctx.deps.swc = real;
    }
  });

  it('re-authorizing the pending scopes makes the grant usable again', async () => {
    await grantConsent(ctx, session, '1:100001', ['character_auth', 'character_read']);
    expect(await swcConsentsOf(ctx, session)).toEqual({
      scopes: ['character_auth', 'character_read'],
      needsReauthorization: [],
      grantGone: false,
    });
    expect(await characterCallStatus('1:100001')).toBe(200);
  });
});

describe('a grant SWCombine no longer accepts', () => {
  it('says so on the consents list after a refresh answered invalid_grant, and re-authorizing restores it', async () => {
    const session = (await signIn(ctx, '1:100004')).cookie;
    await grantConsent(ctx, session, '1:100004', ['character_location']);
    const row = await findSwcTokens(ctx.deps.db, await userIdOf(ctx, '1:100004'));
    await ctx.deps.swc.revoke(ctx.deps.encryptor.decrypt(row!.refresh_token_enc!)); // the player revoked it at SWCombine

    const res = await revoke(session, 'character_location');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scopes: [], needsReauthorization: ['character_auth', 'character_read'], grantGone: true });
    expect(await auditRows('swc_grant_lost', await userIdOf(ctx, '1:100004'))).toHaveLength(1);

    await grantConsent(ctx, session, '1:100004', ['character_auth', 'character_read']);
    expect(await swcConsentsOf(ctx, session)).toEqual({
      scopes: ['character_auth', 'character_read'],
      needsReauthorization: [],
      grantGone: false,
    });
  });
});

describe('SWCombine failing while the callback narrows the grant', () => {
  it('shows the Permissions not updated page, not a server error, and changes nothing', async () => {
    const session = (await signIn(ctx, '1:100003')).cookie;
    const before = await swcConsentsOf(ctx, session);
    const real = ctx.deps.swc;
    // SWCombine answers a scope that was not asked for, then does not answer the narrowing refresh.
    ctx.deps.swc = {
      ...real,
      exchangeCallback: async (...args) => {
        const tokens = await real.exchangeCallback(...args);
        return { ...tokens, scopes: [...tokens.scopes, 'messages_read'] };
      },
      refresh: () => Promise.reject(new SwcUpstreamError('SWCombine is unreachable: connect ECONNREFUSED')),
    };
    try {
      const res = await grantConsent(ctx, session, '1:100003', ['character_location']);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Permissions not updated');
      expect(res.body).toContain('SWCombine did not complete the authorization: SWCombine is unreachable');
      expect(res.body).toContain('Back to SWC consents');
    } finally {
      ctx.deps.swc = real;
    }
    expect(await swcConsentsOf(ctx, session)).toEqual(before);
  });
});
