import { me, type SwcConsents } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The scopes SWCombine granted, those to grant again, and whether the grant is gone. */
export function getSwcConsents(signal?: AbortSignal): Promise<SwcConsents> {
  return callEndpoint(me.swcConsents, { signal });
}

export function useSwcConsents() {
  return useQuery({ queryKey: queryKeys.swcConsents, queryFn: ({ signal }) => getSwcConsents(signal) });
}
