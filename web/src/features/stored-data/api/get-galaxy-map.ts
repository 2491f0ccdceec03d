import { adminStoredData, type GalaxyMap } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The stored galaxy and faction inventory in the map's compact rows. */
export function getGalaxyMap(signal?: AbortSignal): Promise<GalaxyMap> {
  return callEndpoint(adminStoredData.galaxyMap, { signal });
}

export function useGalaxyMap() {
  return useQuery({ queryKey: queryKeys.storedData.galaxyMap, queryFn: ({ signal }) => getGalaxyMap(signal) });
}
