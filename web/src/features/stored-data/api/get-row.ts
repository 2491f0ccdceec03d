import { adminStoredData, type DataKind, type DataViewRowDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** One stored row with the answer SWCombine sent for it. */
function getRow(target: DataKind, uid: string, signal?: AbortSignal): Promise<DataViewRowDetail> {
  return callEndpoint(adminStoredData.row, { params: { target, uid }, signal });
}

/** Asked only once a row is opened (`uid` set). */
export function useRow(target: DataKind, uid: string | null) {
  return useQuery({
    queryKey: queryKeys.storedData.row(target, uid ?? ''),
    queryFn: ({ signal }) => getRow(target, uid!, signal),
    enabled: uid !== null,
  });
}
