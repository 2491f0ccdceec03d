import { z } from 'zod';
import type { DbClient } from '../../db/pool.ts';
import { listingSystems, writeSystemMembers, type MemberKind } from './queries/system-members.ts';
import { simpleList, type DetailCompletion, type Entity, type ListSegment } from './list-segment.ts';
import { Point, Reference, referencedUids } from './swc-lists.ts';

export type GalaxyTarget = 'sectors' | 'systems' | 'planets' | 'stations';

/** A detail answer `swcapi.<singular>.{ … }`, parsed by `inner`. */
function detailOf<T extends z.ZodType>(singular: string, inner: T) {
  return z.object({ [singular]: inner }).transform((v) => v[singular] as z.infer<T>);
}

const detailCall = (target: GalaxyTarget, what: string) => ({
  path: (uid: string) => `/galaxy/${target}/${encodeURIComponent(uid)}`,
  what,
});

const SectorDetail = z.object({ coordinates: z.object({ point: z.array(Point).min(1) }).loose() }).loose();

const sectors: DetailCompletion = {
  ...detailCall('sectors', 'a sector'),
  schema: detailOf('sector', SectorDetail),
  complete(row, answer) {
    const corners = (answer as z.infer<typeof SectorDetail>).coordinates.point.map((p) => p.attributes);
    const mean = (pick: (p: { x: number; y: number }) => number) => corners.reduce((s, p) => s + pick(p), 0) / corners.length;
    // The sector's centre; `raw` keeps its corners.
    return { ...row, x: mean((p) => p.x), y: mean((p) => p.y), raw: answer };
  },
};

const SystemDetail = z
  .object({ sector: Reference.nullish(), coordinates: z.object({ galaxy: Point.nullish() }).loose().nullish() })
  .loose();
/** What a system's detail answer (not its list entry: that has no top-level `uid`) lists inside the system. */
const SystemMembers = z.object({ uid: z.string(), planets: referencedUids('planet'), stations: referencedUids('station') }).loose();

const systems: DetailCompletion = {
  ...detailCall('systems', 'a system'),
  schema: detailOf('system', SystemDetail),
  complete(row, answer) {
    const detail = answer as z.infer<typeof SystemDetail>;
    const galaxy = detail.coordinates?.galaxy?.attributes;
    // `raw` keeps the planets and stations it lists: they are read from it with the row (alsoStore).
    return { ...row, parentUid: detail.sector?.attributes.uid ?? null, x: galaxy?.x ?? null, y: galaxy?.y ?? null, raw: detail };
  },
  async alsoStore(tx, rows) {
    const listed = rows.flatMap((row) => {
      const members = SystemMembers.safeParse(row.raw);
      return members.success ? [{ systemUid: row.uid, planets: members.data.planets, stations: members.data.stations }] : [];
    });
    await writeSystemMembers(tx, listed);
  },
};

/** A planet or station a stored system's detail lists lies in that system, at its galaxy coordinates. */
const inListingSystem =
  (kind: MemberKind) =>
  async (db: DbClient, rows: Entity[]): Promise<Map<string, Entity>> => {
    const found = await listingSystems(
      db,
      kind,
      rows.map((r) => r.uid),
    );
    return new Map(
      rows.flatMap((row) => {
        const system = found.get(row.uid);
        return system ? [[row.uid, { ...row, parentUid: system.uid, x: system.x, y: system.y }] as const] : [];
      }),
    );
  };

const Location = z.object({ system: Reference.nullish(), planet: Reference.nullish() }).loose().nullish();
const Coordinates = z.object({ galaxy: Point.nullish() }).loose().nullish();

const PlanetDetail = z
  .object({ type: z.object({ value: z.string() }).loose().nullish(), location: Location, coordinates: Coordinates })
  .loose();

const planets: DetailCompletion = {
  ...detailCall('planets', 'a planet'),
  schema: detailOf('planet', PlanetDetail),
  complete(row, answer) {
    const detail = answer as z.infer<typeof PlanetDetail>;
    const galaxy = detail.coordinates?.galaxy?.attributes;
    return {
      ...row,
      parentUid: detail.location?.system?.attributes.uid ?? null,
      x: galaxy?.x ?? null,
      y: galaxy?.y ?? null,
      className: detail.type?.value ?? null,
      raw: detail,
    };
  },
  fromStored: inListingSystem('planets'),
};

const StationDetail = z.object({ type: Reference.nullish(), location: Location, coordinates: Coordinates }).loose();

const stations: DetailCompletion = {
  ...detailCall('stations', 'a station'),
  schema: detailOf('station', StationDetail),
  complete(row, answer) {
    const detail = answer as z.infer<typeof StationDetail>;
    const galaxy = detail.coordinates?.galaxy?.attributes;
    return {
      ...row,
      parentUid: detail.location?.planet?.attributes.uid ?? detail.location?.system?.attributes.uid ?? null,
      x: galaxy?.x ?? null,
      y: galaxy?.y ?? null,
      typeUid: detail.type?.attributes.uid ?? null,
      raw: detail,
    };
  },
  fromStored: inListingSystem('stations'),
};

const COMPLETIONS: Record<GalaxyTarget, DetailCompletion> = { sectors, systems, planets, stations };

/**
 * A galaxy list: its rows' parent and coordinates are only in detail answers. Sectors and systems
 * get a detail call per new or changed row; a planet or station takes them from the stored system
 * whose detail lists it, and gets a detail call of its own only when none does.
 */
export function galaxySegment(target: GalaxyTarget): ListSegment {
  const singular = target.slice(0, -1);
  return { ...simpleList(target, `/galaxy/${target}/`, [target], singular, `the ${singular} list`), detail: COMPLETIONS[target] };
}
