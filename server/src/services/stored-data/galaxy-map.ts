import type { GalaxyMap } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { buildGalaxyMap } from '../../domain/galaxy-map.ts';
import { readGalaxyForMap } from './queries/stored-rows.ts';

/** The stored galaxy and faction inventory, in the compact rows the map draws. */
export async function galaxyMap(deps: Pick<Deps, 'db'>): Promise<GalaxyMap> {
  const { sectors, systems, entities } = await readGalaxyForMap(deps.db);
  return buildGalaxyMap(sectors, systems, entities);
}
