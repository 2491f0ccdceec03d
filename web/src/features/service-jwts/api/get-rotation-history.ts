import { RotationHistory, type RotationHistoryEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type Parser } from '@/lib/api-client.ts';
import { serviceJwtsQueryKey } from './list-service-jwts.ts';

export const rotationHistoryQueryKey = (id: string) => [...serviceJwtsQueryKey, id, 'rotations'] as const;

/** SPEC.md §7: an answer that is not an array is treated as an empty history. */
const HistoryOrEmpty: Parser<RotationHistoryEntry[]> = {
  parse: (input) => (Array.isArray(input) ? RotationHistory.parse(input) : []),
};

export function getRotationHistory(id: string, signal?: AbortSignal): Promise<RotationHistoryEntry[]> {
  return apiClient.get(`/api/admin/service-jwts/${encodeURIComponent(id)}/rotations`, HistoryOrEmpty, signal);
}

/** Newest first, as the server sends it; read afresh each time a history is opened. */
export function useRotationHistory(id: string) {
  return useQuery({
    queryKey: rotationHistoryQueryKey(id),
    queryFn: ({ signal }) => getRotationHistory(id, signal),
    staleTime: 0,
  });
}
