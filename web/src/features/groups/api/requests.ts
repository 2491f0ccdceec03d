import { adminGroupManagers, manageGroups, type PendingRequest, type RequestAnswer } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { GroupScope } from './group-scope.ts';
import { refreshGroups } from './list-groups.ts';

/** The requests waiting: in one group (an admin), or in every group the caller manages (a manager). */
export function listRequests(scope: GroupScope, groupId: string | null, signal?: AbortSignal): Promise<PendingRequest[]> {
  if (scope === 'admin') return callEndpoint(adminGroupManagers.requests, { params: { id: groupId! }, signal });
  return callEndpoint(manageGroups.requests, { signal });
}

export function useRequests(scope: GroupScope, groupId: string | null) {
  return useQuery({
    queryKey: scope === 'admin' ? queryKeys.groups.requests(groupId!) : queryKeys.manage.requests,
    queryFn: ({ signal }) => listRequests(scope, groupId, signal),
  });
}

interface AnswerCall {
  scope: GroupScope;
  requestId: string;
  /** Approve: the membership ends then (ISO 8601), if given. */
  until?: string | undefined;
  /** Deny: why, for the player. */
  reason?: string | undefined;
}

/** Approves a request: the player joins the group (until the date given, if any). */
export function approveRequest({ scope, requestId, until }: AnswerCall): Promise<RequestAnswer> {
  const endpoint = scope === 'admin' ? adminGroupManagers.approve : manageGroups.approve;
  return callEndpoint(endpoint, { params: { id: requestId }, body: until ? { until } : {} });
}

/** Denies a request, with the reason the player reads. */
export function denyRequest({ scope, requestId, reason }: AnswerCall): Promise<RequestAnswer> {
  const endpoint = scope === 'admin' ? adminGroupManagers.deny : manageGroups.deny;
  return callEndpoint(endpoint, { params: { id: requestId }, body: reason ? { reason } : {} });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  const refresh = () => refreshGroups(queryClient);
  return {
    approve: useMutation({ mutationFn: approveRequest, onSettled: refresh }),
    deny: useMutation({ mutationFn: denyRequest, onSettled: refresh }),
  };
}
