import { RotationHistory, serviceJwts, type RotationHistoryEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, type Parser } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** An answer that is not an array is treated as an empty history. */
const HistoryOrEmpty: Parser<RotationHistoryEntry[]> = {
  parse: (input) => (Array.isArray(input) ? RotationHistory.parse(input) : []),
};

/** The rotation history, newest first. */
function getRotationHistory(id: string, signal?: AbortSignal): Promise<RotationHistoryEntry[]> {
  return callEndpoint(serviceJwts.rotations, { params: { id }, signal }, HistoryOrEmpty);
}

/** Read afresh each time a history is opened. */
export function useRotationHistory(id: string) {
  return useQuery({
    queryKey: queryKeys.serviceJwts.rotations(id),
    queryFn: ({ signal }) => getRotationHistory(id, signal),
    staleTime: 0,
  });
}
