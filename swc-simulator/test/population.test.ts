import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '../src/index.ts';
import { JORIN, MIRA, setup, signIn, swcapi, wsGet } from './helpers.ts';

const FACTIONS = ['20:7', '20:8', '20:310', '20:1200', '20:2400', '20:2412', '20:2655'];
const GENERATED = Array.from({ length: 3000 }, (_, i) => `1:${102_001 + i}`);

/** Every character as the population holds it, in UID order. */
function everyone() {
  const { sim } = setup();
  return [...defaultCharacters.map((c) => c.uid), ...GENERATED].map((uid) => sim.population.find(uid)!);
}

describe('the generated population', () => {
  it('holds 3,004 characters (the 4 named and 1:102001–1:105000) with unique names, across all seven factions and none', () => {
    const { sim } = setup();
    const all = everyone();
    expect(sim.population.size).toBe(3004);
    expect(all.every(Boolean)).toBe(true);
    expect(sim.population.find('1:102000')).toBeUndefined();
    expect(sim.population.find('1:105001')).toBeUndefined();
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
    const counts = Object.fromEntries(FACTIONS.map((f) => [f, sim.population.members(f).length]));
    // As the README's table says.
    expect(counts).toEqual({ '20:7': 201, '20:8': 177, '20:310': 93, '20:1200': 111, '20:2400': 2000, '20:2412': 88, '20:2655': 87 });
    expect(all.filter((c) => c.faction === null)).toHaveLength(247);
  });

  it('is the same on every start: the same UIDs, names, races and factions', () => {
    const first = everyone();
    const second = everyone();
    expect(second).toEqual(first);
    // Pinned, so a change of seed or generator shows here (docs and demos name these).
    expect(first.find((c) => c.uid === '1:104321')).toMatchObject({
      name: 'Dykucith Mougy',
      race: { uid: '22:1', name: 'Human' },
      faction: { uid: '20:2400', name: 'Galactic Weapon Systems' },
    });
    expect(first.find((c) => c.uid === '1:102009')?.faction).toBeNull();
  });

  it('keeps the named characters as they were', () => {
    const { sim } = setup();
    expect(sim.population.named.map((c) => [c.uid, c.name])).toEqual([
      [JORIN, 'Jorin Vex'],
      [MIRA, 'Mira Solan'],
      ['1:100003', 'Rorrwaak'],
      ['1:100004', 'Talia Dorne'],
    ]);
    expect(sim.population.find(JORIN)).toMatchObject({
      race: { uid: '22:1', name: 'Human' },
      faction: { uid: '20:2400', name: 'Galactic Weapon Systems' },
    });
    expect(sim.population.find(MIRA)).toMatchObject({ race: { uid: '22:3', name: "Twi'lek" }, faction: null });
  });

  it('gives every faction its leader as a member (the leader named in /faction/{uid})', async () => {
    const { app, sim } = setup();
    for (const f of FACTIONS) {
      const { leader } = swcapi(await wsGet(app, `/ws/v2.0/faction/${f}`)).faction;
      expect(
        sim.population.members(f).map((c) => c.name),
        f,
      ).toContain(leader.value);
    }
  });

  it('refuses named characters whose UIDs fall in the generated range', () => {
    const clash = { ...defaultCharacters[0]!, uid: '1:102500' };
    expect(() => setup({ characters: [clash] })).toThrow(/1:102500 is in the generated population's range/);
  });
});

describe('a generated character signs in', () => {
  it('through the OAuth flow, and /character answers its faction, race and avatar in the real shapes', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, '1:104321', { scope: 'character_read character_location' });
    const c = swcapi(await wsGet(app, '/ws/v2.0/character/', access_token)).character;
    expect(c).toMatchObject({
      uid: '1:104321',
      name: 'Dykucith Mougy',
      gender: 'Male',
      race: { attributes: { uid: '22:1' }, value: 'Human' },
      faction: { attributes: { uid: '20:2400' }, value: 'Galactic Weapon Systems' },
      factions: [{ attributes: { uid: '20:2400' }, value: 'Galactic Weapon Systems', primary: true }],
      location: { sector: { value: expect.any(String) }, city: { value: expect.any(String) } },
    });
    expect(c.image).toBe('http://localhost/sim/avatars/1:104321.svg');
    const avatar = await app.inject({ url: '/sim/avatars/1:104321.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.body).toContain('>DM</text>');
  });

  it('without a faction: no faction, an empty factions list', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, '1:102009');
    const c = swcapi(await wsGet(app, '/ws/v2.0/character/', access_token)).character;
    expect(c.uid).toBe('1:102009');
    expect(c.faction).toBeUndefined();
    expect(c.factions).toEqual([]);
  });
});
