export interface Point {
  x: number;
  y: number;
}

export interface SectorRow {
  uid: string;
  name: string;
  /** Corners of the sector's area in galaxy coordinates, clockwise from the top left. */
  corners: Point[];
}

export interface SystemRow {
  uid: string;
  name: string;
  sectorUid: string;
  galaxy: Point;
}

export interface PlanetRow {
  uid: string;
  name: string;
  systemUid: string;
  /** Position inside its system (a 20×20 grid). */
  position: Point;
  typeName: string;
  /** The planet's surface grid is size × size. */
  size: number;
}

export interface StationRow {
  uid: string;
  name: string;
  systemUid: string;
  /** The planet it orbits, if any. */
  planetUid: string | null;
  position: Point;
  typeUid: string;
}

export interface CityRow {
  uid: string;
  name: string;
  planetUid: string;
  /** Position on its planet's surface grid. */
  position: Point;
}

export const GALAXY_KINDS = {
  sectors: { prefix: 25, singular: 'sector' },
  systems: { prefix: 9, singular: 'system' },
  planets: { prefix: 8, singular: 'planet' },
  stations: { prefix: 5, singular: 'station' },
  cities: { prefix: 7, singular: 'city' },
} as const;

export type GalaxyKind = keyof typeof GALAXY_KINDS;

export function isGalaxyKind(kind: string): kind is GalaxyKind {
  return Object.hasOwn(GALAXY_KINDS, kind);
}

export function galaxyKindOfUid(uid: string): GalaxyKind | undefined {
  const prefix = Number(uid.split(':')[0]);
  return (Object.keys(GALAXY_KINDS) as GalaxyKind[]).find((k) => GALAXY_KINDS[k].prefix === prefix);
}

export const PLANET_TYPES = [
  { name: 'Terrestrial', sizes: [6, 15], terrain: 'gggffmmwwd' },
  { name: 'Desert', sizes: [5, 14], terrain: 'ddddrrmc' },
  { name: 'Ice', sizes: [4, 12], terrain: 'iiiimmw' },
  { name: 'Jungle', sizes: [6, 14], terrain: 'jjjjffwg' },
  { name: 'Ocean', sizes: [6, 16], terrain: 'wwwwwwgi' },
  { name: 'Volcanic', sizes: [3, 10], terrain: 'vvvrrm' },
  { name: 'Gas Giant', sizes: [15, 20], terrain: 'aaaa' },
  { name: 'Asteroid Field', sizes: [1, 3], terrain: 'rrrc' },
] as const;

/** The letters of a planet's grid rows. */
export const TERRAIN: Record<string, string> = {
  a: 'gas giant',
  c: 'cave',
  d: 'desert',
  f: 'forest',
  g: 'grassland',
  i: 'glacier',
  j: 'jungle',
  m: 'mountain',
  r: 'rock',
  v: 'volcanic',
  w: 'ocean',
};
