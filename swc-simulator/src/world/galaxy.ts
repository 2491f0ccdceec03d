import type { Catalogue, Row } from './catalogue.ts';
import {
  cellIn,
  cityRow,
  GALAXY_SEED,
  generateGalaxy,
  planetRow,
  SECTOR_ROWS,
  sectorCorners,
  stationRow,
  type GalaxyData,
} from './galaxy-generate.ts';
import {
  galaxyKindOfUid,
  GALAXY_KINDS,
  type CityRow,
  type GalaxyKind,
  type PlanetRow,
  type StationRow,
  type SystemRow,
} from './galaxy-rows.ts';
import { Random, seedOf, word } from './prng.ts';

function parentOf(kind: 'systems' | 'planets' | 'stations' | 'cities', row: Row): string {
  if (kind === 'systems') return (row as SystemRow).sectorUid;
  if (kind === 'cities') return (row as CityRow).planetUid;
  return (row as PlanetRow | StationRow).systemUid;
}

export interface GalaxyMutation {
  /** UIDs to rename (to `<name> Prime`), or UID → new name. */
  rename?: readonly string[] | Readonly<Record<string, string>>;
  /** UIDs to remove; everything inside them goes too (a system takes its planets, stations and cities). */
  remove?: readonly string[];
  /** New rows per kind, appended with the next free ids under deterministically chosen parents. */
  add?: Partial<Record<GalaxyKind, number>>;
}

export interface MutationResult {
  renamed: string[];
  removed: string[];
  added: string[];
}

/**
 * One simulator's galaxy: generated from the fixed seed on first use (so a simulator that never
 * serves the galaxy pays nothing), then changed only through the methods below.
 */
export class Galaxy {
  private data: GalaxyData | undefined;
  /** Child kind → parent UID → children; rebuilt lazily after every change. */
  private children = new Map<GalaxyKind, Map<string, Row[]>>();

  private readonly seed: number;
  private readonly rows: number;
  constructor(seed = GALAXY_SEED, rows = SECTOR_ROWS) {
    this.seed = seed;
    this.rows = rows;
  }

  private get d(): GalaxyData {
    this.data ??= generateGalaxy(this.seed, this.rows);
    return this.data;
  }

  catalogue(kind: GalaxyKind): Catalogue<Row> {
    return this.d[kind];
  }

  get sectors() {
    return this.d.sectors;
  }
  get systems() {
    return this.d.systems;
  }
  get planets() {
    return this.d.planets;
  }
  get stations() {
    return this.d.stations;
  }
  get cities() {
    return this.d.cities;
  }

  /** The rows of `kind` directly inside `parentUid` (systems of a sector, planets/stations of a system, cities of a planet). */
  childrenOf<K extends 'systems' | 'planets' | 'stations' | 'cities'>(kind: K, parentUid: string): readonly GalaxyData[K]['all'][number][] {
    let index = this.children.get(kind);
    if (!index) {
      index = new Map();
      for (const row of this.d[kind].all as readonly Row[]) {
        const parent = parentOf(kind, row);
        const list = index.get(parent);
        if (list) list.push(row);
        else index.set(parent, [row]);
      }
      this.children.set(kind, index);
    }
    return (index.get(parentUid) ?? []) as GalaxyData[K]['all'][number][];
  }

  private changed(): void {
    this.children.clear();
  }

  /** The row with this UID, of whichever kind its type number names. */
  find(uid: string): { kind: GalaxyKind; row: Row } | undefined {
    const kind = galaxyKindOfUid(uid);
    const row = kind && this.d[kind].get(uid);
    return kind && row ? { kind, row } : undefined;
  }

  rename(uid: string, name?: string): void {
    const found = this.find(uid);
    if (!found) throw new TypeError(`the galaxy has no ${uid}`);
    this.d[found.kind].rename(uid, name ?? `${found.row.name} Prime`);
    this.changed();
  }

  /** Removes the row and everything inside it; answers every UID removed. */
  remove(uid: string): string[] {
    const found = this.find(uid);
    if (!found) throw new TypeError(`the galaxy has no ${uid}`);
    const d = this.d;
    const gone = new Set([uid]);
    const sweep = <T extends Row>(c: Catalogue<T>, inside: (row: T) => boolean) => {
      for (const removed of c.removeWhere((row) => gone.has(row.uid) || inside(row))) gone.add(removed);
    };
    sweep(d.sectors, () => false);
    sweep(d.systems, (s) => gone.has(s.sectorUid));
    sweep(d.planets, (p) => gone.has(p.systemUid));
    sweep(d.stations, (s) => gone.has(s.systemUid));
    // A station orbiting a removed planet stays in its system, no longer in orbit.
    for (const s of d.stations.all) if (s.planetUid && gone.has(s.planetUid)) d.stations.replace({ ...s, planetUid: null });
    sweep(d.cities, (c) => gone.has(c.planetUid));
    this.changed();
    return [...gone];
  }

  /** Appends `count` rows of `kind`; answers their UIDs. */
  add(kind: GalaxyKind, count: number): string[] {
    const d = this.d;
    const added: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = d[kind].nextId();
      const r = new Random(seedOf(`${this.seed}:${kind}:${id}`));
      const uid = `${GALAXY_KINDS[kind].prefix}:${id}`;
      const system = (): SystemRow => {
        if (!d.systems.all.length) throw new TypeError(`no system left to add ${kind} to`);
        return r.pick(d.systems.all);
      };
      if (kind === 'sectors') {
        // Beyond the generated grid, one row of 16 per 16 added sectors.
        const extra = Math.max(0, id - 241);
        d.sectors.add({ uid, name: word(r), corners: sectorCorners(extra % 16, 15 + Math.floor(extra / 16)) });
      } else if (kind === 'systems') {
        if (!d.sectors.all.length) throw new TypeError('no sector left to add systems to');
        const sector = r.pick(d.sectors.all);
        const taken = new Set(d.systems.all.filter((s) => s.sectorUid === sector.uid).map((s) => `${s.galaxy.x},${s.galaxy.y}`));
        d.systems.add({ uid, name: word(r), sectorUid: sector.uid, galaxy: cellIn(r, sector.corners, taken) });
      } else if (kind === 'planets') {
        const s = system();
        d.planets.add(planetRow(r, id, s, d.planets.all.filter((p) => p.systemUid === s.uid).length + 1));
      } else if (kind === 'stations') {
        const s = system();
        d.stations.add(
          stationRow(
            r,
            id,
            s,
            d.planets.all.filter((p) => p.systemUid === s.uid),
          ),
        );
      } else {
        if (!d.planets.all.length) throw new TypeError('no planet left to add cities to');
        d.cities.add(cityRow(r, id, r.pick(d.planets.all)));
      }
      added.push(uid);
    }
    this.changed();
    return added;
  }

  /** Several changes at once, in the order rename, remove, add. */
  mutate(m: GalaxyMutation): MutationResult {
    const renames: [string, string | undefined][] = Array.isArray(m.rename)
      ? (m.rename as readonly string[]).map((uid) => [uid, undefined])
      : Object.entries(m.rename ?? {});
    for (const [uid, name] of renames) this.rename(uid, name);
    const removed: string[] = [];
    for (const uid of m.remove ?? []) if (!removed.includes(uid)) removed.push(...this.remove(uid));
    const added = Object.entries(m.add ?? {}).flatMap(([kind, n]) => this.add(kind as GalaxyKind, n ?? 0));
    return { renamed: renames.map(([uid]) => uid), removed, added };
  }
}
