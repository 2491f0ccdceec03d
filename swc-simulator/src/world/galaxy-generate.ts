import { Catalogue } from './catalogue.ts';
import type { CityRow, PlanetRow, Point, SectorRow, StationRow, SystemRow } from './galaxy-rows.ts';
import { PLANET_TYPES } from './galaxy-rows.ts';
import { numeral, Random, word } from './prng.ts';
import { TYPE_KINDS } from './types.ts';

export const GALAXY_SEED = 20_250_115;

/** 16 × 15 sectors of 60 × 60 galaxy cells, centred on (0, 0). */
const COLUMNS = 16;
export const SECTOR_ROWS = 15;
const SECTOR_SIZE = 60;
const SYSTEMS_PER_SECTOR = 10;

/** Systems in a galaxy of `rows` rows of sectors (2,400 in the whole one). */
export const systemsIn = (rows: number) => rows * COLUMNS * SYSTEMS_PER_SECTOR;

export interface GalaxyData {
  sectors: Catalogue<SectorRow>;
  systems: Catalogue<SystemRow>;
  planets: Catalogue<PlanetRow>;
  stations: Catalogue<StationRow>;
  cities: Catalogue<CityRow>;
}

export function sectorCorners(col: number, row: number): Point[] {
  const x1 = (col - COLUMNS / 2) * SECTOR_SIZE;
  const y1 = (SECTOR_ROWS / 2 - row) * SECTOR_SIZE;
  const x2 = x1 + SECTOR_SIZE - 1;
  const y2 = Math.round(y1 - SECTOR_SIZE + 1);
  const top = Math.round(y1);
  return [
    { x: x1, y: top },
    { x: x2, y: top },
    { x: x2, y: y2 },
    { x: x1, y: y2 },
  ];
}

/** A free cell inside the sector's area. */
export function cellIn(r: Random, corners: Point[], taken: Set<string>): Point {
  const [tl, , br] = corners as [Point, Point, Point];
  for (;;) {
    const p = { x: r.int(tl.x, br.x), y: r.int(br.y, tl.y) };
    const key = `${p.x},${p.y}`;
    if (!taken.has(key)) {
      taken.add(key);
      return p;
    }
  }
}

export function planetRow(r: Random, id: number, system: SystemRow, index: number): PlanetRow {
  const type = r.pick(PLANET_TYPES);
  return {
    uid: `8:${id}`,
    name: r.chance(0.7) ? `${system.name} ${numeral(index)}` : word(r),
    systemUid: system.uid,
    position: { x: r.int(0, 19), y: r.int(0, 19) },
    typeName: type.name,
    size: r.int(type.sizes[0], type.sizes[1]),
  };
}

export function stationRow(r: Random, id: number, system: SystemRow, planets: readonly PlanetRow[]): StationRow {
  const orbits = planets.length > 0 && r.chance(0.6) ? r.pick(planets) : null;
  const typeId = r.int(1, TYPE_KINDS.stations.count);
  return {
    uid: `5:${id}`,
    name: `${orbits ? orbits.name : system.name} ${r.pick(['Station', 'Outpost', 'Platform', 'Dock', 'Yards'])}`,
    systemUid: system.uid,
    planetUid: orbits?.uid ?? null,
    position: orbits ? { ...orbits.position } : { x: r.int(0, 19), y: r.int(0, 19) },
    typeUid: `${TYPE_KINDS.stations.prefix}:${typeId}`,
  };
}

export function cityRow(r: Random, id: number, planet: PlanetRow): CityRow {
  return {
    uid: `7:${id}`,
    name: `${word(r)} ${r.pick(['City', 'Town', 'Port', 'Hold', 'Spire'])}`,
    planetUid: planet.uid,
    position: { x: r.int(0, planet.size - 1), y: r.int(0, planet.size - 1) },
  };
}

/**
 * The whole galaxy from one seed: the same seed gives the same rows, in the same order. With fewer `rows`, its top
 * rows of sectors alone, the same rows as in the whole galaxy.
 */
export function generateGalaxy(seed = GALAXY_SEED, rows = SECTOR_ROWS): GalaxyData {
  const r = new Random(seed);
  const sectors: SectorRow[] = [];
  const systems: SystemRow[] = [];
  const planets: PlanetRow[] = [];
  const stations: StationRow[] = [];
  const cities: CityRow[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < COLUMNS; col++) {
      const sector: SectorRow = { uid: `25:${sectors.length + 1}`, name: word(r), corners: sectorCorners(col, row) };
      sectors.push(sector);
      const taken = new Set<string>();
      for (let s = 0; s < SYSTEMS_PER_SECTOR; s++) {
        const system: SystemRow = {
          uid: `9:${systems.length + 1}`,
          name: word(r),
          sectorUid: sector.uid,
          galaxy: cellIn(r, sector.corners, taken),
        };
        systems.push(system);
        const own: PlanetRow[] = [];
        const planetCount = r.int(1, 4);
        for (let p = 1; p <= planetCount; p++) {
          const planet = planetRow(r, planets.length + 1, system, p);
          own.push(planet);
          planets.push(planet);
          if (planet.size >= 5 && r.chance(0.12)) {
            const cityCount = r.int(1, 2);
            for (let c = 0; c < cityCount; c++) cities.push(cityRow(r, cities.length + 1, planet));
          }
        }
        if (r.chance(0.5)) stations.push(stationRow(r, stations.length + 1, system, own));
      }
    }
  }
  return {
    sectors: new Catalogue(sectors),
    systems: new Catalogue(systems),
    planets: new Catalogue(planets),
    stations: new Catalogue(stations),
    cities: new Catalogue(cities),
  };
}
