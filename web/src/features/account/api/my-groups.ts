import { myGroups, type GroupRequestOutcome, type MyGroups } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The groups the player is in, may join or ask to join, and their requests with the answers. */
function getMyGroups(signal?: AbortSignal): Promise<MyGroups> {
  return callEndpoint(myGroups.list, { signal });
}

export function useMyGroups() {
  return useQuery({ queryKey: queryKeys.account.groups, queryFn: ({ signal }) => getMyGroups(signal) });
}

/** Joins an open group at once, or asks to join a `request` group (with a note for its managers). */
export function askToJoin({ groupId, note }: { groupId: string; note?: string | undefined }): Promise<GroupRequestOutcome> {
  return callEndpoint(myGroups.ask, { body: { group_id: groupId, ...(note ? { note } : {}) } });
}

export async function withdrawRequest(requestId: string): Promise<void> {
  await callEndpoint(myGroups.withdraw, { params: { id: requestId } });
}

/** Leaves a group an admin keeps: what its rules gave the player ends at once. */
export async function leaveGroup(groupId: string): Promise<void> {
  await callEndpoint(myGroups.leave, { params: { id: groupId } });
}

/** Every change to the player's groups may change their apps, their events and the dashboard: all read again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboardApps }),
      queryClient.invalidateQueries({ queryKey: queryKeys.account.notices }),
    ]);
}

export function useAskToJoin() {
  return useMutation({ mutationFn: askToJoin, onSettled: useRefreshAccount() });
}

export function useWithdrawRequest() {
  return useMutation({ mutationFn: withdrawRequest, onSettled: useRefreshAccount() });
}

export function useLeaveGroup() {
  return useMutation({ mutationFn: leaveGroup, onSettled: useRefreshAccount() });
}
