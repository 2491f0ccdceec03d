import { describe, expect, it } from 'vitest';
import { buildSimulator } from '../src/index.ts';
import { authUrl, buttonTexts, CLIENT, clickOnConsent, formPost, hiddenFields, JORIN, MIRA, REDIRECT, setup, signIn } from './helpers.ts';

const { app } = setup();

function redirectParams(location: unknown): URLSearchParams {
  expect(typeof location).toBe('string');
  const url = new URL(location as string);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  return url.searchParams;
}

describe('GET /ws/oauth2/auth/ — the sign-in page', () => {
  it('lists one "Sign in as {name}" button per named character, "Sign in as UID" and a Deny button', async () => {
    const res = await app.inject({ url: authUrl() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const buttons = buttonTexts(res.body);
    expect(buttons).toContain('Sign in as Jorin Vex');
    expect(buttons).toContain('Sign in as Mira Solan');
    expect(buttons).toContain('Deny');
    expect(buttons).toContain('Sign in as UID');
    expect(buttons.filter((b) => b.startsWith('Sign in as '))).toHaveLength(5);
    expect(res.body).toContain('<title>SWCombine — Authorize Test Portal</title>');
  });

  it('shows the requested scopes and carries the request as hidden fields', async () => {
    const res = await app.inject({ url: authUrl({ scope: 'character_read personal_inv_ships_read', access_type: 'offline' }) });
    expect(res.body).toContain('<code>character_read</code>');
    expect(res.body).toContain('<code>personal_inv_ships_read</code>');
    expect(res.body).toContain('offline access');
    expect(hiddenFields(res.body)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 'st-123',
      scope: 'character_read personal_inv_ships_read',
      access_type: 'offline',
      renew_previously_granted: 'no',
    });
    expect(res.body).toMatch(/<form method="post" action="\/ws\/oauth2\/auth\/">/);
  });

  it('escapes interpolated text', async () => {
    const evil = buildSimulator({
      clients: [{ clientId: 'e', clientSecret: 's', redirectUris: [REDIRECT], name: '<script>alert(1)</script> & "Co"' }],
      characters: [{ uid: '1:5', name: 'Bo <b>Katan</b>', gender: 'Female', race: { uid: '22:1', name: 'Human' }, faction: null }],
    });
    const res = await evil.inject({ url: authUrl({ client_id: 'e', state: '"><img src=x>' }) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(res.body).not.toContain('<img src=x>');
    expect(buttonTexts(res.body)).toContain('Sign in as Bo <b>Katan</b>');
    await evil.close();
  });

  it('answers an unknown client_id with an error page, never a redirect', async () => {
    const res = await app.inject({ url: authUrl({ client_id: 'nobody' }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Unknown application');
  });

  it.each([
    ['an unregistered redirect_uri', 'http://evil.test/auth/callback'],
    ['a redirect_uri differing by a trailing slash', `${REDIRECT}/`],
    ['a redirect_uri with an extra query', `${REDIRECT}?x=1`],
    ["another client's redirect_uri", 'http://other.test/cb'],
  ])('answers %s with an error page, never a redirect', async (_label, redirect) => {
    const res = await app.inject({ url: authUrl({ redirect_uri: redirect }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Invalid redirect_uri');
  });

  it('answers a missing redirect_uri with an error page', async () => {
    const res = await app.inject({ url: authUrl({ redirect_uri: undefined }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('redirects response_type=token back with unsupported_response_type and the state', async () => {
    const res = await app.inject({ url: authUrl({ response_type: 'token' }) });
    expect(res.statusCode).toBe(302);
    const p = redirectParams(res.headers.location);
    expect(p.get('error')).toBe('unsupported_response_type');
    expect(p.get('state')).toBe('st-123');
  });

  it.each([
    ['an unknown scope', 'character_read character_telepathy'],
    ['an unknown UPPERCASE scope', 'CHARACTER_TELEPATHY'],
    ['a bad inventory action', 'personal_inv_ships_fly'],
    ['a comma-separated list', 'character_auth,character_read'],
  ])('redirects %s back with invalid_scope', async (_label, scope) => {
    const res = await app.inject({ url: authUrl({ scope }) });
    expect(res.statusCode).toBe(302);
    const p = redirectParams(res.headers.location);
    expect(p.get('error')).toBe('invalid_scope');
    expect(p.get('state')).toBe('st-123');
    expect(p.get('code')).toBeNull();
  });

  it('accepts every documented scope family, including the inventory pattern', async () => {
    const scope =
      'character_all messages_read faction_budgets_write personal_inv_overview faction_inv_materials_tags_write personal_inv_npcs_makeover';
    const res = await app.inject({ url: authUrl({ scope }) });
    expect(res.statusCode).toBe(200);
  });

  it('redirects a bad access_type, a missing scope or a repeated parameter back with invalid_request', async () => {
    for (const url of [authUrl({ access_type: 'forever' }), authUrl({ scope: undefined }), `${authUrl()}&scope=character_read`]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(redirectParams(res.headers.location).get('error')).toBe('invalid_request');
    }
  });
});

describe('POST /ws/oauth2/auth/ — the decision', () => {
  it('approving redirects with a code and the state', async () => {
    const res = await clickOnConsent(app, authUrl(), { character: JORIN });
    expect(res.statusCode).toBe(302);
    const p = redirectParams(res.headers.location);
    expect(p.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(p.get('state')).toBe('st-123');
  });

  it('denying redirects with access_denied, a description and the state', async () => {
    const res = await clickOnConsent(app, authUrl({ state: 'deny-state' }), { decision: 'deny' });
    expect(res.statusCode).toBe(302);
    const p = redirectParams(res.headers.location);
    expect(p.get('error')).toBe('access_denied');
    expect(p.get('error_description')).toBeTruthy();
    expect(p.get('state')).toBe('deny-state');
    expect(p.get('code')).toBeNull();
  });

  it('keeps a query the registered redirect_uri already has', async () => {
    const sim = buildSimulator({ clients: [{ clientId: 'q', clientSecret: 's', redirectUris: ['http://app.test/cb?tenant=7'] }] });
    const res = await clickOnConsent(sim, authUrl({ client_id: 'q', redirect_uri: 'http://app.test/cb?tenant=7' }), { character: MIRA });
    const url = new URL(res.headers.location as string);
    expect(url.searchParams.get('tenant')).toBe('7');
    expect(url.searchParams.get('code')).toBeTruthy();
    await sim.close();
  });

  it('re-validates the posted request: a tampered redirect_uri gets an error page, not a redirect', async () => {
    const page = await app.inject({ url: authUrl() });
    const res = await app.inject(
      formPost('/ws/oauth2/auth/', { ...hiddenFields(page.body), redirect_uri: 'http://evil.test/', character: JORIN }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('re-validates the posted scopes', async () => {
    const page = await app.inject({ url: authUrl() });
    const res = await app.inject(
      formPost('/ws/oauth2/auth/', {
        ...hiddenFields(page.body),
        scope: 'faction_everything',
        granted_scope: 'faction_everything',
        character: JORIN,
      }),
    );
    expect(res.statusCode).toBe(302);
    expect(redirectParams(res.headers.location).get('error')).toBe('invalid_scope');
  });

  it('refuses an unknown character or a missing choice with an error page', async () => {
    const page = await app.inject({ url: authUrl() });
    for (const extra of [{ character: '1:999' }, {}] as Record<string, string>[]) {
      const res = await app.inject(formPost('/ws/oauth2/auth/', { ...hiddenFields(page.body), ...extra }));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('renew_previously_granted=yes keeps scopes granted earlier; no replaces them', async () => {
    await signIn(app, MIRA, { scope: 'character_read character_location' });
    const renewed = await signIn(app, MIRA, { scope: 'character_auth', renew_previously_granted: 'yes' });
    expect(renewed.scope.split(' ').sort()).toEqual(['character_auth', 'character_location', 'character_read']);
    const replaced = await signIn(app, MIRA, { scope: 'character_auth', renew_previously_granted: 'no' });
    expect(replaced.scope).toBe('character_auth');
  });
});
