import { Random, seedOf, word } from './prng.ts';

interface TypeKindSpec {
  /** The UID type number (2 ship, 3 vehicle, …). */
  prefix: number;
  /** `ship` → answers under `shiptypes.shiptype[]`. */
  singular: string;
  count: number;
  classes: readonly string[];
  /** Whether entities of this kind have hull, shield and ionic points. */
  hulled: boolean;
}

export const TYPE_KINDS = {
  ships: {
    prefix: 2,
    singular: 'ship',
    count: 120,
    hulled: true,
    classes: ['Fighter', 'Bomber', 'Shuttle', 'Freighter', 'Transport', 'Corvette', 'Frigate', 'Cruiser', 'Destroyer', 'Battleship'],
  },
  vehicles: {
    prefix: 3,
    singular: 'vehicle',
    count: 60,
    hulled: true,
    classes: ['Speeder', 'Swoop', 'Airspeeder', 'Repulsorlift Tank', 'Walker', 'Hovertrain'],
  },
  stations: {
    prefix: 5,
    singular: 'station',
    count: 30,
    hulled: true,
    classes: ['Space Station', 'Shipyard', 'Defense Platform', 'Trade Outpost', 'Repair Dock'],
  },
  facilities: {
    prefix: 4,
    singular: 'facility',
    count: 60,
    hulled: true,
    classes: ['Mine', 'Factory', 'Barracks', 'Hangar', 'Landing Pad', 'Medical Center', 'Shield Generator', 'Bunker'],
  },
  items: {
    prefix: 12,
    singular: 'item',
    count: 150,
    hulled: false,
    classes: ['Armour', 'Medical', 'Tool', 'Survival', 'Electronics', 'Consumable'],
  },
  droids: {
    prefix: 13,
    singular: 'droid',
    count: 48,
    hulled: true,
    classes: ['Astromech', 'Protocol', 'Combat', 'Medical', 'Labor', 'Probe'],
  },
  weapons: {
    prefix: 18,
    singular: 'weapon',
    count: 72,
    hulled: false,
    classes: ['Blaster Pistol', 'Blaster Rifle', 'Heavy Blaster', 'Vibroblade', 'Lightsaber', 'Grenade'],
  },
} as const satisfies Record<string, TypeKindSpec>;

export type TypeKind = keyof typeof TYPE_KINDS;

export function isTypeKind(kind: string): kind is TypeKind {
  return Object.hasOwn(TYPE_KINDS, kind);
}

export interface TypeRow {
  uid: string;
  name: string;
  kind: TypeKind;
  className: string;
  price: number;
  weight: number;
  volume: number;
  /** Zero for kinds without hull points. */
  hull: number;
  shield: number;
  ionic: number;
}

const generated = new Map<TypeKind, readonly TypeRow[]>();

function generate(kind: TypeKind): TypeRow[] {
  const spec: TypeKindSpec = TYPE_KINDS[kind];
  const rows: TypeRow[] = [];
  for (let id = 1; id <= spec.count; id++) {
    const r = new Random(seedOf(`type:${kind}:${id}`));
    // Classes in turn, so every class has types and bigger classes come later with bigger numbers.
    const classIndex = (id - 1) % spec.classes.length;
    const className = spec.classes[classIndex]!;
    const scale = classIndex + 1;
    const hull = spec.hulled ? r.int(20, 60) * scale * scale : 0;
    rows.push({
      uid: `${spec.prefix}:${id}`,
      name: `${word(r)}-${r.int(1, 99)} ${className}`,
      kind,
      className,
      price: r.int(5, 200) * 1000 * scale,
      weight: r.int(1, 50) * scale,
      volume: r.int(1, 80) * scale,
      hull,
      shield: spec.hulled ? Math.round((hull * r.int(0, 80)) / 100) : 0,
      ionic: spec.hulled ? Math.round((hull * r.int(10, 60)) / 100) : 0,
    });
  }
  return rows;
}

/** The fixed type catalogue of a kind (the same in every simulator). */
export function typesOf(kind: TypeKind): readonly TypeRow[] {
  let rows = generated.get(kind);
  if (!rows) {
    rows = Object.freeze(generate(kind));
    generated.set(kind, rows);
  }
  return rows;
}

export function typeByUid(kind: TypeKind, uid: string): TypeRow | undefined {
  const m = /^(\d+):(\d+)$/.exec(uid);
  if (!m || Number(m[1]) !== TYPE_KINDS[kind].prefix) return undefined;
  return typesOf(kind)[Number(m[2]) - 1];
}

/** The type with this UID, whatever its kind (type numbers are distinct per kind). */
export function findType(uid: string): TypeRow | undefined {
  const prefix = Number(uid.split(':')[0]);
  const kind = (Object.keys(TYPE_KINDS) as TypeKind[]).find((k) => TYPE_KINDS[k].prefix === prefix);
  return kind && typeByUid(kind, uid);
}
