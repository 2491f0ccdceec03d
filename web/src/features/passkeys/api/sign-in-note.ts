import { ownPasskeys } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The dashboard's line after a passkey sign-in while SWCombine does not answer (null otherwise). */
export function getSignInNote(signal?: AbortSignal) {
  return callEndpoint(ownPasskeys.signInNote, { signal });
}

export function useSignInNote() {
  return useQuery({ queryKey: queryKeys.signInNote, queryFn: ({ signal }) => getSignInNote(signal) });
}
