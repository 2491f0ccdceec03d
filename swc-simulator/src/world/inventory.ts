import { Catalogue } from './catalogue.ts';
import { GALAXY_SEED, SECTOR_ROWS, systemsIn } from './galaxy-generate.ts';
import { Random, seedOf, word } from './prng.ts';
import { TYPE_KINDS, typesOf, type TypeRow } from './types.ts';

export const ENTITY_KINDS = ['ships', 'vehicles', 'stations', 'facilities', 'items', 'droids'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export const ASSIGN_TYPES = ['owner', 'commander', 'pilot'] as const;
export type AssignType = (typeof ASSIGN_TYPES)[number];

export function isEntityKind(kind: string): kind is EntityKind {
  return (ENTITY_KINDS as readonly string[]).includes(kind);
}
export function isAssignType(assign: string): assign is AssignType {
  return (ASSIGN_TYPES as readonly string[]).includes(assign);
}

export interface EntityRow {
  uid: string;
  name: string;
  kind: EntityKind;
  type: TypeRow;
  ownerUid: string;
  commanded: boolean;
  piloted: boolean;
  hull: number;
  shield: number;
  ionic: number;
  quantity: number;
  tags: string[];
  /** Where it is: a system of the seeded galaxy, and the n-th planet of that system (0 = in space). */
  systemUid: string;
  planetIndex: number;
  position: { x: number; y: number };
}

/** Galactic Weapon Systems, the bundled admin's faction, holds a large inventory; other factions a small one. */
export const BIG_INVENTORY_FACTION = '20:2400';
const BIG_COUNTS: Record<EntityKind, number> = { ships: 260, vehicles: 120, stations: 12, facilities: 60, items: 200, droids: 60 };
/** Entity ids are `<faction id> × 10 000 + n`, so UIDs never collide between factions. */
const ID_BLOCK = 10_000;
const TAGS = ['reserve', 'patrol', 'cargo', 'escort', 'training', 'refit'];

/** An entity in one of the galaxy's `systems` (UIDs 9:1 to 9:systems). */
function entityRow(r: Random, uid: string, kind: EntityKind, ownerUid: string, systems: number): EntityRow {
  const type = r.pick(typesOf(kind));
  const damaged = r.chance(0.2);
  const onPlanet = kind === 'facilities' || kind === 'items' || r.chance(kind === 'vehicles' ? 0.8 : 0.3);
  return {
    uid,
    name: kind === 'items' ? type.name : kind === 'facilities' ? `${word(r)} ${type.className}` : word(r),
    kind,
    type,
    ownerUid,
    commanded: r.chance(0.8),
    piloted: (kind === 'ships' || kind === 'vehicles') && r.chance(0.1),
    hull: damaged ? Math.round((type.hull * r.int(10, 99)) / 100) : type.hull,
    shield: type.shield,
    ionic: type.ionic,
    quantity: kind === 'items' ? r.int(1, 50) : 1,
    tags: r.chance(0.3) ? [r.pick(TAGS)] : [],
    systemUid: `9:${r.int(1, systems)}`,
    planetIndex: onPlanet ? 1 : 0,
    position: { x: r.int(0, 19), y: r.int(0, 19) },
  };
}

function generate(ownerUid: string, systems: number): EntityRow[] {
  const ownerId = Number(ownerUid.split(':')[1]);
  const r = new Random(seedOf(`${GALAXY_SEED}:inventory:${ownerUid}`));
  const rows: EntityRow[] = [];
  for (const kind of ENTITY_KINDS) {
    const count = ownerUid === BIG_INVENTORY_FACTION ? BIG_COUNTS[kind] : r.int(3, 25);
    for (let n = 1; n <= count; n++)
      rows.push(entityRow(r, `${TYPE_KINDS[kind].prefix}:${ownerId * ID_BLOCK + n}`, kind, ownerUid, systems));
  }
  return rows;
}

/** Each faction's entities, generated on first read from the fixed seed, then changed only through the methods below. */
export class Inventories {
  private readonly byOwner = new Map<string, Catalogue<EntityRow>>();

  private readonly factionUids: readonly string[];
  private readonly systems: number;
  /** `galaxyRows`: the galaxy's rows of sectors, whose systems the entities are in. */
  constructor(factionUids: readonly string[], galaxyRows = SECTOR_ROWS) {
    this.factionUids = factionUids;
    this.systems = systemsIn(galaxyRows);
  }

  of(ownerUid: string): Catalogue<EntityRow> {
    let c = this.byOwner.get(ownerUid);
    if (!c) {
      if (!this.factionUids.includes(ownerUid)) throw new TypeError(`no faction ${ownerUid}`);
      c = new Catalogue(generate(ownerUid, this.systems));
      this.byOwner.set(ownerUid, c);
    }
    return c;
  }

  list(ownerUid: string, kind: EntityKind, assign: AssignType): EntityRow[] {
    return this.of(ownerUid).all.filter(
      (e) => e.kind === kind && (assign === 'owner' || (assign === 'commander' ? e.commanded : e.piloted)),
    );
  }

  private owning(uid: string): Catalogue<EntityRow> {
    const id = Number(uid.split(':')[1]);
    const c = this.of(`20:${Math.floor(id / ID_BLOCK)}`);
    if (!c.get(uid)) throw new TypeError(`no inventory entity ${uid}`);
    return c;
  }

  rename(uid: string, name?: string): void {
    const c = this.owning(uid);
    c.rename(uid, name ?? `${c.get(uid)!.name} Mk II`);
  }

  remove(uid: string): void {
    this.owning(uid).removeWhere((e) => e.uid === uid);
  }

  /** Appends `count` entities of `kind` to the faction's inventory; answers their UIDs. */
  add(ownerUid: string, kind: EntityKind, count: number): string[] {
    const c = this.of(ownerUid);
    const ownerId = Number(ownerUid.split(':')[1]);
    const added: string[] = [];
    for (let i = 0; i < count; i++) {
      const n = Math.max(c.nextId(), ownerId * ID_BLOCK + 1) - ownerId * ID_BLOCK;
      const id = ownerId * ID_BLOCK + n;
      const uid = `${TYPE_KINDS[kind].prefix}:${id}`;
      c.add(entityRow(new Random(seedOf(`${GALAXY_SEED}:entity:${uid}`)), uid, kind, ownerUid, this.systems));
      added.push(uid);
    }
    return added;
  }
}
