import { describe, expect, it } from 'vitest';
import { authUrl, buttonTexts, clickOnConsent, exchange, hiddenFields, JORIN, scopeCheckboxes, setup, swcapi, wsGet } from './helpers.ts';

const byUid = (uid: string) => ({ decision: 'uid', character_uid: uid });

describe('the sign-in page: Sign in as UID', () => {
  it('offers a labelled UID field and its button inside the consent form, under the named characters', async () => {
    const { app } = setup();
    const html = (await app.inject({ url: authUrl() })).body;
    const form = /<form[\s\S]*<\/form>/.exec(html)![0];
    expect(form).toContain('<label class="field-label" for="character-uid">Character UID</label>');
    expect(form).toMatch(/<input id="character-uid" name="character_uid" type="text" value=""/);
    expect(form.indexOf('Sign in as Talia Dorne')).toBeLessThan(form.indexOf('id="character-uid"'));
    expect(buttonTexts(form).filter((b) => b === 'Sign in as UID')).toHaveLength(1);
    expect(html).toContain('<code>1:102001</code> to <code>1:105000</code>');
  });

  it('makes Enter in the UID field sign in by UID: the first submit button of the form is an unseen "uid" one', async () => {
    const { app } = setup();
    const form = /<form[\s\S]*<\/form>/.exec((await app.inject({ url: authUrl() })).body)![0];
    const first = /<button\b[^>]*>/.exec(form)![0];
    expect(first).toContain('name="decision" value="uid"');
    expect(first).toContain('aria-hidden="true"');
    expect(first).toContain('tabindex="-1"');
  });

  it('signs in as the character typed, a generated one, spaces around it ignored', async () => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl(), byUid('  1:104321 '));
    expect(res.statusCode).toBe(302);
    const code = new URL(res.headers.location as string).searchParams.get('code')!;
    const { access_token } = (await exchange(app, code)).json();
    const c = swcapi(await wsGet(app, '/ws/v2.0/character/', access_token)).character;
    expect(c).toMatchObject({ uid: '1:104321', name: 'Dykucith Mougy' });
  });

  it('signs in a named character by UID too', async () => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl(), byUid(JORIN));
    expect(res.statusCode).toBe(302);
  });

  it.each([
    ['an unknown UID', '1:999999', 'No character has the UID 1:999999.'],
    ['a UID of another kind', '20:2400', '&quot;20:2400&quot; is not a character UID: a character&#39;s UID looks like 1:104321.'],
    ['a name', 'Jorin Vex', '&quot;Jorin Vex&quot; is not a character UID'],
    ['nothing', '', 'Type a character&#39;s UID, like 1:104321.'],
  ])('shows the page again with an error in words beside the field for %s', async (_case, typed, message) => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl({ scope: 'character_auth character_read' }), byUid(typed), ['character_read']);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(`<p id="character-uid-error" class="field-error" role="alert">${message}`);
    expect(res.body).toMatch(
      /<input id="character-uid"[^>]*aria-describedby="character-uid-error character-uid-hint" aria-invalid="true" autofocus>/,
    );
    expect(res.body).toContain(`value="${typed.replace(/"/g, '&quot;')}"`);
    // The same request, ready to try again, with the player's choices kept.
    expect(hiddenFields(res.body)).toMatchObject({ client_id: 'portal', state: 'st-123', scope: 'character_auth character_read' });
    expect(scopeCheckboxes(res.body)).toEqual({ character_auth: true, character_read: false });
  });

  it('escapes what was typed', async () => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl(), byUid('<b>1:2</b>'));
    expect(res.body).not.toContain('<b>1:2</b>');
    expect(res.body).toContain('&lt;b&gt;1:2&lt;/b&gt;');
  });

  it('lets a named character button win over text left in the UID field', async () => {
    const { app } = setup();
    const res = await clickOnConsent(app, authUrl(), { character: JORIN, character_uid: 'junk' });
    expect(res.statusCode).toBe(302);
  });
});
