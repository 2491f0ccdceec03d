import type { GalaxyMap } from '@portal/contract';
import { convexHull, type XY } from './convex-hull.ts';
import { buildPointGrid, type PointGrid } from './hit-test.ts';
import { boundsOf, type Bounds } from './view.ts';

/** What an inventory entity is, from its UID's type number (2 ship, 3 vehicle, …). */
const ENTITY_KINDS: Record<string, string> = {
  '2': 'ships',
  '3': 'vehicles',
  '4': 'facilities',
  '5': 'stations',
  '12': 'items',
  '13': 'droids',
};
const SINGULAR: Record<string, string> = { facilities: 'facility', entities: 'entity' };
const entityKindOf = (uid: string) => ENTITY_KINDS[uid.split(':')[0]!] ?? 'entities';
const counted = (count: number, kind: string) => `${count} ${count === 1 ? (SINGULAR[kind] ?? kind.slice(0, -1)) : kind}`;

/** The faction's entities at one place: a system, or coordinates of their own. */
interface Holding {
  x: number;
  y: number;
  /** The system's index, or -1. */
  system: number;
  names: string[];
  byKind: Map<string, number>;
}

interface SectorOutline {
  name: string;
  /** The hull of its systems (a box around one or two). */
  points: XY[];
  centre: XY;
  /** East to west, in galaxy units: whether its name fits on screen. */
  width: number;
}

/** The map's data, built once per answer: typed arrays for the draw loop, a grid for hit-testing. */
export interface GalaxyModel {
  uids: string[];
  names: string[];
  xs: Float64Array;
  ys: Float64Array;
  sectorOf: Int32Array;
  sectorNames: string[];
  outlines: SectorOutline[];
  holdings: Holding[];
  /** The holding at each system, by system index. */
  holdingAt: Map<number, Holding>;
  bounds: Bounds | null;
  grid: PointGrid;
  entities: number;
  systemsPending: number;
  entitiesUnplaced: number;
}

function outlineOf(name: string, points: XY[], pad: number): SectorOutline {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const centre: XY = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  const width = Math.max(...xs) - Math.min(...xs);
  const hull = convexHull(points);
  if (hull.length >= 3) return { name, points: hull, centre, width };
  const b = boundsOf(xs, ys)!;
  const box: XY[] = [
    [b.minX - pad, b.minY - pad],
    [b.maxX + pad, b.minY - pad],
    [b.maxX + pad, b.maxY + pad],
    [b.minX - pad, b.maxY + pad],
  ];
  return { name, points: box, centre, width: width + 2 * pad };
}

export function buildGalaxyModel(map: GalaxyMap): GalaxyModel {
  const n = map.systems.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const sectorOf = new Int32Array(n);
  map.systems.forEach(([, , x, y, sector], i) => {
    xs[i] = x;
    ys[i] = y;
    sectorOf[i] = sector;
  });
  const bounds = boundsOf(xs, ys);
  const span = bounds ? Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY, 1) : 1;

  const members = new Map<number, XY[]>();
  for (let i = 0; i < n; i++) {
    if (sectorOf[i]! < 0) continue;
    const list = members.get(sectorOf[i]!) ?? [];
    list.push([xs[i]!, ys[i]!]);
    members.set(sectorOf[i]!, list);
  }
  const outlines = [...members].map(([sector, points]) => outlineOf(map.sectors[sector]![1], points, span / 200));

  const holdingAt = new Map<number, Holding>();
  const loose = new Map<string, Holding>();
  for (const [uid, name, x, y, system] of map.entities) {
    const place = system >= 0 ? holdingAt : loose;
    const key = system >= 0 ? system : `${x},${y}`;
    let holding = (place as Map<typeof key, Holding>).get(key);
    if (!holding) {
      holding = { x, y, system, names: [], byKind: new Map() };
      (place as Map<typeof key, Holding>).set(key, holding);
    }
    holding.names.push(name);
    const kind = entityKindOf(uid);
    holding.byKind.set(kind, (holding.byKind.get(kind) ?? 0) + 1);
  }

  return {
    uids: map.systems.map((s) => s[0]),
    names: map.systems.map((s) => s[1]),
    xs,
    ys,
    sectorOf,
    sectorNames: map.sectors.map((s) => s[1]),
    outlines,
    holdings: [...holdingAt.values(), ...loose.values()],
    holdingAt,
    bounds,
    // About one system per cell at the simulator's density.
    grid: buildPointGrid(xs, ys, Math.max(span / Math.sqrt(Math.max(n, 1)), 1e-3)),
    entities: map.entities.length,
    systemsPending: map.systemsPending,
    entitiesUnplaced: map.entitiesUnplaced,
  };
}

/** '12 entities: 8 ships, 4 vehicles' */
export function describeHolding(holding: Holding): string {
  const kinds = [...holding.byKind].sort((a, b) => b[1] - a[1]).map(([kind, count]) => counted(count, kind));
  return `${counted(holding.names.length, 'entities')}: ${kinds.join(', ')}`;
}
