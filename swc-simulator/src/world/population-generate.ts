import type { SimulatorCharacter, SimulatorFaction } from '../types.ts';
import { GALAXY_SEED } from './galaxy-generate.ts';
import { BIG_INVENTORY_FACTION } from './inventory.ts';
import { Random, seedOf, word } from './prng.ts';

/** Generated characters are `1:102001` … `1:105000`, clear of the named ones (`1:100001` …). */
export const FIRST_GENERATED_ID = 102_001;
export const GENERATED_COUNT = 3_000;
/** A generated character, the example on the sign-in page. */
export const EXAMPLE_UID = '1:104321';

/**
 * Galactic Weapon Systems, the faction with the big inventory, is also the big one in members: 1,999
 * generated members and Jorin Vex make a roster of 2,000.
 */
export const BIG_FACTION = BIG_INVENTORY_FACTION;
const BIG_FACTION_GENERATED = 1_999;

type Race = SimulatorCharacter['race'];
const HUMAN: Race = { uid: '22:1', name: 'Human' };
const HUTT: Race = { uid: '22:11', name: 'Hutt' };
/** Races with their weight in the population (Humans are the most common). */
const RACES: readonly [Race, number][] = [
  [HUMAN, 8],
  [{ uid: '22:2', name: 'Zabrak' }, 2],
  [{ uid: '22:3', name: "Twi'lek" }, 2],
  [{ uid: '22:4', name: 'Rodian' }, 2],
  [{ uid: '22:5', name: 'Wookiee' }, 1],
  [{ uid: '22:6', name: 'Mon Calamari' }, 2],
  [{ uid: '22:7', name: 'Bothan' }, 1],
  [{ uid: '22:8', name: 'Duros' }, 2],
  [{ uid: '22:9', name: 'Trandoshan' }, 1],
  [{ uid: '22:10', name: 'Sullustan' }, 1],
  [{ uid: '22:12', name: 'Chiss' }, 1],
];

/** Factions' leaders who are not among the bundled named characters come first, so every faction has its leader. */
const LEADERS: readonly { name: string; gender: string; race: Race; faction: string }[] = [
  { name: 'Aren Kaldos', gender: 'Male', race: HUMAN, faction: '20:8' },
  { name: 'Gorbba the Hutt', gender: 'Male', race: HUTT, faction: '20:310' },
  { name: 'Dex Varrin', gender: 'Male', race: HUMAN, faction: '20:1200' },
  { name: 'Nessa Quill', gender: 'Female', race: HUMAN, faction: '20:2655' },
];

/** Outside the big faction, each character's faction by weight (`null`: no faction). */
const OTHER_FACTIONS: readonly [string | null, number][] = [
  [null, 3],
  ['20:7', 2],
  ['20:8', 2],
  ['20:310', 1],
  ['20:1200', 1],
  ['20:2412', 1],
  ['20:2655', 1],
];

/** Names and places are drawn from pools made once, which keeps generating 3,000 characters to a few milliseconds. */
const NAME_POOL = 300;
const PLACE_POOL = 60;

function weighted<T>(r: Random, table: readonly [T, number][]): T {
  let n = r.int(
    1,
    table.reduce((sum, [, w]) => sum + w, 0),
  );
  for (const [value, w] of table) if ((n -= w) <= 0) return value;
  return table[0]![0];
}

/** The faction of each generated character after the leaders: exactly BIG_FACTION_GENERATED in the big faction, shuffled. */
function factionSlots(r: Random, count: number): (string | null)[] {
  const slots: (string | null)[] = [];
  for (let i = 0; i < count; i++) slots.push(i < BIG_FACTION_GENERATED ? BIG_FACTION : weighted(r, OTHER_FACTIONS));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  return slots;
}

/**
 * The simulator's population beyond its named characters, from a fixed seed: the same UIDs, names,
 * races and factions on every start. Names are unique.
 */
export function generatePopulation(factions: readonly SimulatorFaction[]): SimulatorCharacter[] {
  const factionRef = (uid: string | null) => {
    if (uid === null) return null;
    const f = factions.find((x) => x.uid === uid);
    if (!f) throw new TypeError(`the population needs faction ${uid}`);
    return { uid: f.uid, name: f.name };
  };
  const r = new Random(seedOf(`${GALAXY_SEED}:population`));
  const pool = (size: number, make: () => string) => Array.from({ length: size }, make);
  const [firsts, lasts] = [pool(NAME_POOL, () => word(r)), pool(NAME_POOL, () => word(r))];
  const places = pool(PLACE_POOL, () => `${word(r)}, ${word(r)}, ${word(r)}, ${word(r)}`);
  const names = new Set(LEADERS.map((l) => l.name));
  const uniqueName = () => {
    for (;;) {
      const name = `${r.pick(firsts)} ${r.pick(lasts)}`;
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const slots = factionSlots(r, GENERATED_COUNT - LEADERS.length);
  const out: SimulatorCharacter[] = [];
  for (let i = 0; i < GENERATED_COUNT; i++) {
    const leader = LEADERS[i];
    const uid = `1:${FIRST_GENERATED_ID + i}`;
    const location = r.pick(places);
    if (leader) {
      out.push({ uid, name: leader.name, gender: leader.gender, race: leader.race, faction: factionRef(leader.faction), location });
      continue;
    }
    const gender = r.chance(0.5) ? 'Male' : 'Female';
    out.push({ uid, name: uniqueName(), gender, race: weighted(r, RACES), faction: factionRef(slots[i - LEADERS.length]!), location });
  }
  return out;
}

/** Whether `uid` is in the generated range (whether or not the population has been generated yet). */
export function isGeneratedUid(uid: string): boolean {
  const id = Number(/^1:(\d+)$/.exec(uid)?.[1] ?? NaN);
  return id >= FIRST_GENERATED_ID && id < FIRST_GENERATED_ID + GENERATED_COUNT;
}
