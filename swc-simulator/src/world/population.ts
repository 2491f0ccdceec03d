import type { SimulatorCharacter, SimulatorFaction } from '../types.ts';
import { FIRST_GENERATED_ID, GENERATED_COUNT, generatePopulation, isGeneratedUid } from './population-generate.ts';

const idOf = (uid: string) => Number(uid.split(':')[1]);

/**
 * Every character of the simulator: the named ones (offered on the sign-in page) and the generated
 * population, generated on the first lookup that needs it. A character's faction changes only through
 * move(); rows are replaced, never edited in place.
 */
export class Population {
  private readonly namedUids: readonly string[];
  private readonly byUid = new Map<string, SimulatorCharacter>();
  /** Every UID in numeric order, once the population is generated. */
  private order: string[] | undefined;
  private readonly factions: readonly SimulatorFaction[];

  constructor(named: readonly SimulatorCharacter[], factions: readonly SimulatorFaction[]) {
    this.factions = factions;
    for (const c of named) {
      if (isGeneratedUid(c.uid)) {
        const last = FIRST_GENERATED_ID + GENERATED_COUNT - 1;
        throw new TypeError(`character ${c.uid} is in the generated population's range 1:${FIRST_GENERATED_ID}–1:${last}`);
      }
      this.byUid.set(c.uid, c);
    }
    this.namedUids = named.map((c) => c.uid);
  }

  /** The named characters, in their given order, as they are now. */
  get named(): SimulatorCharacter[] {
    return this.namedUids.map((uid) => this.byUid.get(uid)!);
  }

  /** How many characters there are, named and generated. */
  get size(): number {
    return this.all().length;
  }

  find(uid: string): SimulatorCharacter | undefined {
    if (isGeneratedUid(uid)) this.all();
    return this.byUid.get(uid);
  }

  /** The faction's members, in UID order. */
  members(factionUid: string): SimulatorCharacter[] {
    return this.all()
      .map((uid) => this.byUid.get(uid)!)
      .filter((c) => c.faction?.uid === factionUid);
  }

  /** Moves a character into a faction (`null`: out of any); throws a TypeError for an unknown character or faction. */
  move(uid: string, factionUid: string | null): SimulatorCharacter {
    const c = this.find(uid);
    if (!c) throw new TypeError(`no character ${uid}`);
    const f = factionUid === null ? null : this.factions.find((x) => x.uid === factionUid);
    if (f === undefined) throw new TypeError(`no faction ${factionUid}`);
    const moved = { ...c, faction: f ? { uid: f.uid, name: f.name } : null };
    this.byUid.set(uid, moved);
    return moved;
  }

  private all(): string[] {
    if (!this.order) {
      for (const c of generatePopulation(this.factions)) this.byUid.set(c.uid, c);
      this.order = [...this.byUid.keys()].sort((a, b) => idOf(a) - idOf(b));
    }
    return this.order;
  }
}
