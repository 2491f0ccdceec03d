import { describe, expect, it } from 'vitest';
import {
  authUrl,
  buttonTexts,
  clickOnConsent,
  formPost,
  hiddenFields,
  JORIN,
  MIRA,
  scopeCheckboxes,
  setup,
  signIn,
  wsGet,
} from './helpers.ts';

describe('consent: the player may grant a subset of the requested scopes', () => {
  it('lists each requested scope as a checkbox, ticked and labelled with its name, inside the one form', async () => {
    const { app } = setup();
    const res = await app.inject({ url: authUrl({ scope: 'character_auth character_read faction_inv_ships_read' }) });
    expect(scopeCheckboxes(res.body)).toEqual({ character_auth: true, character_read: true, faction_inv_ships_read: true });
    expect(res.body).toMatch(
      /<label><input type="checkbox" name="granted_scope" value="character_read" checked> <code>character_read<\/code>/,
    );
    const form = /<form[\s\S]*<\/form>/.exec(res.body)![0];
    expect(form).toContain('name="granted_scope"');
    expect(buttonTexts(res.body).filter((b) => b.startsWith('Sign in as '))).toEqual([
      'Sign in as Jorin Vex',
      'Sign in as Mira Solan',
      'Sign in as Rorrwaak',
      'Sign in as Talia Dorne',
      'Sign in as UID',
    ]);
    expect(buttonTexts(res.body)).toContain('Deny');
  });

  it('answers exactly the ticked scopes, and the token can use only those', async () => {
    const { app } = setup();
    const tokens = await signIn(app, JORIN, { scope: 'character_auth character_read character_location' }, ['character_read']);
    expect(tokens.scope).toBe('character_auth character_location');
    const me = await wsGet(app, '/ws/v2.0/character/', tokens.access_token);
    expect(me.statusCode).toBe(403);
  });

  it('grants everything when the player changes nothing (the old one-click flow)', async () => {
    const { app } = setup();
    const tokens = await signIn(app, MIRA);
    expect(tokens.scope).toBe('character_auth character_read');
  });

  it('compares scopes case-insensitively and answers them lowercase', async () => {
    const { app } = setup();
    const page = await app.inject({ url: authUrl({ scope: 'CHARACTER_AUTH Character_Read' }) });
    expect(page.statusCode).toBe(200);
    expect(scopeCheckboxes(page.body)).toEqual({ character_auth: true, character_read: true });
    const tokens = await signIn(app, JORIN, { scope: 'CHARACTER_AUTH CHARACTER_READ' });
    expect(tokens.scope).toBe('character_auth character_read');
  });

  it('shows an error page, not a code, when nothing is ticked', async () => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl(), { character: JORIN }, ['character_auth', 'character_read']);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Tick at least one');
  });

  it('refuses a granted scope the application did not request', async () => {
    const { app } = setup();
    const page = await app.inject({ url: authUrl() });
    const res = await app.inject(
      formPost('/ws/oauth2/auth/', [
        ...Object.entries(hiddenFields(page.body)),
        ['granted_scope', 'character_read'],
        ['granted_scope', 'faction_all'],
        ['character', JORIN],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('access_type and renew_previously_granted', () => {
  it('gives a refresh token for offline access only', async () => {
    const { app } = setup();
    expect((await signIn(app, JORIN, { access_type: 'offline' })).refresh_token).toEqual(expect.any(String));
    expect((await signIn(app, JORIN, { access_type: 'online' })).refresh_token).toBeUndefined();
    expect((await signIn(app, JORIN, { access_type: undefined })).refresh_token).toBeUndefined();
  });

  it('yes keeps earlier grants not named in scope, and drops a named scope the player unticked', async () => {
    const { app } = setup();
    await signIn(app, MIRA, { scope: 'character_read character_location character_skills' });
    const renewed = await signIn(app, MIRA, { scope: 'character_auth character_skills', renew_previously_granted: 'yes' }, [
      'character_skills',
    ]);
    expect(renewed.scope.split(' ').sort()).toEqual(['character_auth', 'character_location', 'character_read']);
  });

  it('no (the default) replaces earlier grants, and grants are kept per client and character', async () => {
    const { app } = setup();
    await signIn(app, MIRA, { scope: 'character_read character_location' });
    await signIn(app, JORIN, { scope: 'character_skills' });
    expect((await signIn(app, MIRA, { scope: 'character_auth' })).scope).toBe('character_auth');
    const renewed = await signIn(app, JORIN, { scope: 'character_auth', renew_previously_granted: 'yes' });
    expect(renewed.scope.split(' ').sort()).toEqual(['character_auth', 'character_skills']);
  });
});
