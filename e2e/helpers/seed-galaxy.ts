import { createSimulator } from '@portal/swc-simulator';
import pg from 'pg';
import { upsertEntities, type EntityInput } from '../../server/src/services/sync/queries/entities.ts';
import { plainEntityOf } from '../../server/src/services/sync/list-segment.ts';
import { BIG_INVENTORY_FACTION } from '../../swc-simulator/src/world/inventory.ts';

/**
 * The bundled simulator's whole galaxy (sectors, systems, planets) and the faction inventory of Jorin
 * Vex's faction, written into a product's database as a completed sync stores them: the typed columns
 * the sync derives and, as `raw`, the simulator's own detail answer (an inventory entity's list entry).
 * Minutes of requests at SWCombine's budget, here in a few seconds. Answers the rows written per kind.
 */
export async function seedSyncedGalaxy(databaseUrl: string): Promise<Record<string, number>> {
  const sim = createSimulator({ clients: [], rateLimit: 1_000_000 });
  const g = sim.galaxy;
  const detail = async (kind: string, uid: string) => {
    const res = await sim.app.inject({ url: `/ws/v2.0/galaxy/${kind}/${uid}`, headers: { accept: 'application/json' } });
    return Object.values((res.json() as { swcapi: Record<string, unknown> }).swcapi)[0];
  };
  // A row as the sync builds it from a list entry, with the fields its detail answer gives.
  const row = (uid: string, name: string, fields: Partial<EntityInput>, raw: unknown): EntityInput => ({
    ...plainEntityOf(uid, name, raw),
    ...fields,
  });

  const rows: Record<string, EntityInput[]> = { sectors: [], systems: [], planets: [], inventory: [] };
  for (const s of g.sectors.all) {
    const centre = (axis: 'x' | 'y') => s.corners.reduce((sum, p) => sum + p[axis], 0) / s.corners.length;
    rows.sectors!.push(row(s.uid, s.name, { x: centre('x'), y: centre('y') }, await detail('sectors', s.uid)));
  }
  for (const s of g.systems.all) {
    rows.systems!.push(row(s.uid, s.name, { parentUid: s.sectorUid, ...s.galaxy }, await detail('systems', s.uid)));
  }
  for (const p of g.planets.all) {
    const system = g.systems.get(p.systemUid)!;
    rows.planets!.push(
      row(p.uid, p.name, { parentUid: p.systemUid, ...system.galaxy, className: p.typeName }, await detail('planets', p.uid)),
    );
  }
  for (const e of sim.inventories.of(BIG_INVENTORY_FACTION).all) {
    const system = g.systems.get(e.systemUid)!;
    const planet = e.planetIndex > 0 ? g.childrenOf('planets', system.uid)[e.planetIndex - 1] : undefined;
    const raw = {
      value: {
        uid: e.uid,
        name: e.name,
        type: { attributes: { uid: e.type.uid }, value: e.type.name },
        owner: { attributes: { uid: BIG_INVENTORY_FACTION } },
        location: {
          system: { attributes: { uid: system.uid }, value: system.name },
          coordinates: { galaxy: { attributes: system.galaxy } },
        },
      },
    };
    rows.inventory!.push(
      row(
        e.uid,
        e.name,
        { parentUid: planet?.uid ?? system.uid, ...system.galaxy, typeUid: e.type.uid, ownerUid: BIG_INVENTORY_FACTION },
        raw,
      ),
    );
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: run } = await client.query<{ id: string }>(
      `INSERT INTO sync_runs (target, status, message, started_at, finished_at) VALUES ('all', 'completed', $1, now(), now()) RETURNING id`,
      [
        `${Object.entries(rows)
          .map(([kind, list]) => `${kind}: ${list.length.toLocaleString('en-US')}`)
          .join(', ')} (seeded from the simulator)`,
      ],
    );
    for (const [kind, list] of Object.entries(rows)) {
      for (let i = 0; i < list.length; i += 500)
        await upsertEntities(client, kind, { runId: run[0]!.id, wantedAt: new Date() }, new Date(), list.slice(i, i + 500));
    }
  } finally {
    await client.end();
  }
  return Object.fromEntries(Object.entries(rows).map(([kind, list]) => [kind, list.length]));
}
