import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { GALAXY_KINDS, isGalaxyKind, PLANET_TYPES, TERRAIN, type GalaxyKind, type PlanetRow } from '../world/galaxy-rows.ts';
import { Random, seedOf } from '../world/prng.ts';
import { sendWs, sendWsError } from './envelope.ts';
import { link, linkList, listItem, point, wsHref } from './links.ts';
import { sendList } from './paging.ts';

/** Galaxy lists answer at most this many rows a page (also the default page size). */
export const GALAXY_PAGE_SIZE = 50;

/** The planet's surface: one string of terrain letters per row, the same every time for the same planet. */
function surfaceGrid(planet: PlanetRow) {
  const terrain = PLANET_TYPES.find((t) => t.name === planet.typeName)?.terrain ?? 'r';
  const r = new Random(seedOf(`surface:${planet.uid}`));
  const rows: string[] = [];
  for (let y = 0; y < planet.size; y++) {
    let row = '';
    for (let x = 0; x < planet.size; x++) row += r.pick([...terrain]);
    rows.push(row);
  }
  const legend = Object.fromEntries([...new Set(terrain)].map((c) => [c, TERRAIN[c]]));
  return { attributes: { width: planet.size, height: planet.size }, legend, row: rows };
}

function detail(ctx: SimContext, request: FastifyRequest, kind: GalaxyKind, uid: string): Record<string, unknown> | undefined {
  const g = ctx.galaxy;
  const here = (path: string, row: { uid: string; name: string }) => ({
    uid: row.uid,
    name: row.name,
    href: wsHref(ctx, request, `${path}/${row.uid}`),
  });
  if (kind === 'sectors') {
    const s = g.sectors.get(uid);
    if (!s) return undefined;
    return {
      ...here('galaxy/sectors', s),
      coordinates: { point: s.corners.map(point) },
      systems: linkList(ctx, request, 'galaxy/systems', 'system', g.childrenOf('systems', s.uid)),
    };
  }
  if (kind === 'systems') {
    const s = g.systems.get(uid);
    if (!s) return undefined;
    return {
      ...here('galaxy/systems', s),
      sector: link(ctx, request, 'galaxy/sectors', g.sectors.get(s.sectorUid)),
      coordinates: { galaxy: point(s.galaxy) },
      planets: linkList(ctx, request, 'galaxy/planets', 'planet', g.childrenOf('planets', s.uid)),
      stations: linkList(ctx, request, 'galaxy/stations', 'station', g.childrenOf('stations', s.uid)),
    };
  }
  if (kind === 'planets') {
    const p = g.planets.get(uid);
    const system = p && g.systems.get(p.systemUid);
    if (!p || !system) return undefined;
    return {
      ...here('galaxy/planets', p),
      type: { value: p.typeName },
      size: p.size,
      location: {
        sector: link(ctx, request, 'galaxy/sectors', g.sectors.get(system.sectorUid)),
        system: link(ctx, request, 'galaxy/systems', system),
      },
      coordinates: { galaxy: point(system.galaxy), system: point(p.position) },
      grid: surfaceGrid(p),
      cities: linkList(ctx, request, 'galaxy/cities', 'city', g.childrenOf('cities', p.uid)),
    };
  }
  if (kind === 'stations') {
    const s = g.stations.get(uid);
    const system = s && g.systems.get(s.systemUid);
    if (!s || !system) return undefined;
    return {
      ...here('galaxy/stations', s),
      type: { attributes: { uid: s.typeUid, href: wsHref(ctx, request, `types/stations/${s.typeUid}`) } },
      location: {
        sector: link(ctx, request, 'galaxy/sectors', g.sectors.get(system.sectorUid)),
        system: link(ctx, request, 'galaxy/systems', system),
        planet: link(ctx, request, 'galaxy/planets', s.planetUid ? g.planets.get(s.planetUid) : null),
      },
      coordinates: { galaxy: point(system.galaxy), system: point(s.position) },
    };
  }
  const c = g.cities.get(uid);
  const planet = c && g.planets.get(c.planetUid);
  const system = planet && g.systems.get(planet.systemUid);
  if (!c || !planet || !system) return undefined;
  return {
    ...here('galaxy/cities', c),
    location: {
      sector: link(ctx, request, 'galaxy/sectors', g.sectors.get(system.sectorUid)),
      system: link(ctx, request, 'galaxy/systems', system),
      planet: link(ctx, request, 'galaxy/planets', planet),
    },
    coordinates: { galaxy: point(system.galaxy), surface: point(c.position) },
  };
}

/**
 * GET /ws/v2.0/galaxy/{sectors|systems|planets|stations|cities}/ — public, paged (at most 50 a page);
 * GET /ws/v2.0/galaxy/{kind}/{uid} — one row with its coordinates and what lies inside it.
 */
export function registerGalaxy(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { kind: string } }>('/galaxy/:kind/', async (request, reply) => {
    const { kind } = request.params;
    if (!isGalaxyKind(kind))
      return sendWsError(reply, ctx, request, 404, `No galaxy list "${kind}"; try sectors, systems, planets, stations or cities.`);
    return sendList(reply, ctx, request, {
      plural: kind,
      singular: GALAXY_KINDS[kind].singular,
      items: ctx.galaxy.catalogue(kind).all,
      toItem: (row) => listItem(ctx, request, `galaxy/${kind}`, row),
      defaultCount: GALAXY_PAGE_SIZE,
      maxCount: GALAXY_PAGE_SIZE,
    });
  });

  app.get<{ Params: { kind: string; uid: string } }>('/galaxy/:kind/:uid', async (request, reply) => {
    const { kind, uid } = request.params;
    if (!isGalaxyKind(kind)) return sendWsError(reply, ctx, request, 404, `No galaxy list "${kind}".`);
    const found = detail(ctx, request, kind, uid);
    if (!found) return sendWsError(reply, ctx, request, 404, `No ${GALAXY_KINDS[kind].singular} ${uid}.`);
    return sendWs(reply, ctx, request, { [GALAXY_KINDS[kind].singular]: found });
  });
}
