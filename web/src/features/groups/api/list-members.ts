import { adminGroups, manageGroups, type GroupMember } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpointWithHeaders } from '@/lib/api-client.ts';
import { queryKeys, type UserListParams } from '@/lib/query-keys.ts';
import { totalCount } from '@/lib/total-count.ts';
import type { GroupScope } from './group-scope.ts';

export const MEMBERS_PAGE_SIZE = 25;
/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

interface MemberPage {
  members: GroupMember[];
  /** X-Total-Count: every member matching q, not just this page. */
  total: number;
}

/** One page of a group's members (name or UID search, on the server) and the total. */
export async function listMembers(
  scope: GroupScope,
  groupId: string,
  { q, limit, offset }: UserListParams,
  signal?: AbortSignal,
): Promise<MemberPage> {
  const query = { limit: String(limit), offset: String(offset), q: q.trim() || undefined };
  const endpoint = scope === 'admin' ? adminGroups.members : manageGroups.members;
  const { data: members, headers } = await callEndpointWithHeaders(endpoint, { params: { id: groupId }, query, signal });
  return { members, total: totalCount(headers, { offset, limit }, members.length) };
}

export function useGroupMembers(scope: GroupScope, groupId: string, params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.groups.members(groupId, params),
    queryFn: ({ signal }) => listMembers(scope, groupId, params, signal),
    // Paging and searching keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
