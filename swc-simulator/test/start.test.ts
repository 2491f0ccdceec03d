import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildSimulator, defaultCharacters, startSimulator } from '../src/index.ts';

describe('startSimulator', () => {
  it('listens on a free port and serves the whole flow over real HTTP', async () => {
    const redirect = 'http://localhost:3999/auth/callback';
    const sim = await startSimulator({
      port: 0,
      clients: [{ clientId: 'p', clientSecret: 'ps', redirectUris: [redirect], name: 'Portal' }],
    });
    try {
      expect(sim.url).toMatch(/^http:\/\/localhost:\d+$/);
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: 'p',
        redirect_uri: redirect,
        state: 's1',
        scope: 'character_read',
      });
      const page = await fetch(`${sim.url}/ws/oauth2/auth/?${q}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('>Sign in as Jorin Vex</button>');

      const decision = await fetch(`${sim.url}/ws/oauth2/auth/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(q),
          access_type: 'online',
          granted_scope: 'character_read',
          character: '1:100002',
        }),
      });
      expect(decision.status).toBe(302);
      const code = new URL(decision.headers.get('location')!).searchParams.get('code')!;

      const token = await fetch(`${sim.url}/ws/oauth2/token/`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: 'p', client_secret: 'ps', redirect_uri: redirect }),
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };

      const me = await fetch(`${sim.url}/ws/v2.0/character/`, {
        headers: { accept: 'application/json', authorization: `OAuth ${access_token}` },
      });
      const character = ((await me.json()) as { swcapi: { character: { name: string; image: string } } }).swcapi.character;
      expect(character.name).toBe('Mira Solan');
      expect(character.image).toBe(`${sim.url}/sim/avatars/1:100002.svg`);
      const avatar = await fetch(character.image);
      expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    } finally {
      await sim.close();
    }
  });

  it('goes down at once: closing ends the connections a browser opened and has not used yet', async () => {
    const sim = await startSimulator({ port: 0, clients: [] });
    // A spare connection, not a byte sent on it, to the address the server's close waits for (the first of localhost's):
    // Node held that close for as long as the connection stayed open.
    const spare = connect(Number(new URL(sim.url).port), (await lookup('localhost')).address);
    await once(spare, 'connect');
    const closed = once(spare, 'close');
    await sim.close();
    await closed;
  });
});

describe('bundled data and options', () => {
  it('ships Jorin Vex and Mira Solan as the architecture requires', () => {
    const jorin = defaultCharacters.find((c) => c.uid === '1:100001');
    const mira = defaultCharacters.find((c) => c.uid === '1:100002');
    expect(jorin).toMatchObject({ name: 'Jorin Vex', race: { uid: '22:1', name: 'Human' }, faction: { name: 'Galactic Weapon Systems' } });
    expect(mira).toMatchObject({ name: 'Mira Solan', race: { uid: '22:3', name: "Twi'lek" }, faction: null });
  });

  it('refuses bad client registrations early', () => {
    const c = { clientId: 'a', clientSecret: 's', redirectUris: ['http://x.test/cb'] };
    expect(() => buildSimulator({ clients: [c, c] })).toThrow(/duplicate/);
    expect(() => buildSimulator({ clients: [{ ...c, redirectUris: ['/cb'] }] })).toThrow(/absolute/);
  });
});
