import { adminUsers, type AdminUser } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { callEndpointWithHeaders } from '@/lib/api-client.ts';
import { queryKeys, type UserListParams } from '@/lib/query-keys.ts';
import { totalCount } from '@/lib/total-count.ts';

export type { UserListParams };

export const USERS_PAGE_SIZE = 25;
/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

interface UserPage {
  users: AdminUser[];
  /** X-Total-Count: every user matching q, not just this page. */
  total: number;
}

/** One page of users (name or UID search, on the server) and the total. */
async function listUsers({ q, limit, offset }: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  const query = { limit: String(limit), offset: String(offset), q: q.trim() || undefined };
  const { data: users, headers } = await callEndpointWithHeaders(adminUsers.list, { query, signal });
  return { users, total: totalCount(headers, { offset, limit }, users.length) };
}

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.adminUsers.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    // Paging and searching keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * A user picker's data: the first page of users matching what was typed, asked of the server after a
 * short pause, so it scales to any number of users.
 */
export function useUserSearch(limit = USERS_PAGE_SIZE) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList({ q, limit, offset: 0 });
  return {
    users: list.data?.users ?? [],
    setSearch,
    searching: list.isFetching || q !== search.trim(),
    isError: list.isError,
    refetch: list.refetch,
  };
}
