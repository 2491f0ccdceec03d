import type { TestContext } from '../../helpers/test-app.ts';

export const GALAXY_TARGETS = ['sectors', 'systems', 'planets', 'stations'] as const;
export type GalaxyTarget = (typeof GALAXY_TARGETS)[number];

export interface Placement {
  uid: string;
  parent_uid: string | null;
  x: number | null;
  y: number | null;
}

const byUid = (a: Placement, b: Placement) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/**
 * Where the simulator's galaxy has each row of `kind`, as a sync that read the systems first stores
 * it: a sector at the centre of its corners; a system in its sector at its galaxy coordinates; a
 * planet or station in its system, at the system's coordinates.
 */
export function simulatorPlacements(ctx: TestContext, kind: GalaxyTarget): Placement[] {
  const g = ctx.sim.galaxy;
  const inSystem = (row: { uid: string; systemUid: string }) => {
    const system = g.systems.get(row.systemUid)!;
    return { uid: row.uid, parent_uid: system.uid, x: system.galaxy.x, y: system.galaxy.y };
  };
  const rows: Placement[] =
    kind === 'sectors'
      ? g.sectors.all.map((s) => ({
          uid: s.uid,
          parent_uid: null,
          x: s.corners.reduce((sum, p) => sum + p.x, 0) / s.corners.length,
          y: s.corners.reduce((sum, p) => sum + p.y, 0) / s.corners.length,
        }))
      : kind === 'systems'
        ? g.systems.all.map((s) => ({ uid: s.uid, parent_uid: s.sectorUid, x: s.galaxy.x, y: s.galaxy.y }))
        : kind === 'planets'
          ? g.planets.all.map(inSystem)
          : g.stations.all.map(inSystem);
  return rows.sort(byUid);
}

/** The parent and coordinates stored for every row of `kind` not marked gone. */
export async function storedPlacements(ctx: TestContext, kind: GalaxyTarget): Promise<Placement[]> {
  const { rows } = await ctx.deps.db.query<Placement>(
    `SELECT uid, parent_uid, x, y FROM swc_entities WHERE kind = $1 AND gone_at IS NULL`,
    [kind],
  );
  return rows.sort(byUid);
}
