import type { GalaxyMap } from '@portal/contract';

export interface MapSystem {
  uid: string;
  name: string;
  x: number | null;
  y: number | null;
  sectorUid: string | null;
}

export interface MapEntity {
  uid: string;
  name: string;
  /** Its own galaxy coordinates, when the list gave them. */
  x: number | null;
  y: number | null;
  /** The system it lies in (directly, or through its planet), when known. */
  systemUid: string | null;
}

/**
 * The map's compact rows: systems with coordinates, each naming its sector by index; entities placed at
 * their system when that system is on the map, else at their own coordinates; the rest counted.
 */
export function buildGalaxyMap(
  sectors: readonly { uid: string; name: string }[],
  systems: readonly MapSystem[],
  entities: readonly MapEntity[],
): GalaxyMap {
  const sectorIndex = new Map(sectors.map((s, i) => [s.uid, i]));
  const placed = systems.filter((s): s is MapSystem & { x: number; y: number } => s.x !== null && s.y !== null);
  const systemIndex = new Map(placed.map((s, i) => [s.uid, i]));
  const map: GalaxyMap = {
    sectors: sectors.map((s) => [s.uid, s.name]),
    systems: placed.map((s) => [s.uid, s.name, s.x, s.y, (s.sectorUid !== null ? sectorIndex.get(s.sectorUid) : undefined) ?? -1]),
    systemsPending: systems.length - placed.length,
    entities: [],
    entitiesUnplaced: 0,
  };
  for (const e of entities) {
    const at = e.systemUid !== null ? systemIndex.get(e.systemUid) : undefined;
    if (at !== undefined) map.entities.push([e.uid, e.name, placed[at]!.x, placed[at]!.y, at]);
    else if (e.x !== null && e.y !== null) map.entities.push([e.uid, e.name, e.x, e.y, -1]);
    else map.entitiesUnplaced++;
  }
  return map;
}
