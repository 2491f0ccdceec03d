import { AdminUserList, ErrorBody, type AdminUser } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error.ts';
import { authServiceUrl } from '@/lib/auth-urls.ts';

export const USERS_PAGE_SIZE = 25;
/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface UserListParams {
  q: string;
  limit: number;
  offset: number;
}

export interface UserPage {
  users: AdminUser[];
  /** X-Total-Count: every user matching q, not just this page. */
  total: number;
}

/** Everything about users; the list and each user's details live under it. */
export const adminUsersQueryKey = ['admin', 'users'] as const;
export const userListQueryKey = (params: UserListParams) => [...adminUsersQueryKey, 'list', params] as const;

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error, parsed.data.message);
  return new ApiError(response.status, `http_${response.status}`, response.statusText || `Request failed (${response.status})`);
}

/**
 * GET /api/admin/users?q=&limit=&offset=: one page of users (name or UID search, on the server) and the
 * total from the X-Total-Count header, which apiClient does not expose, hence the own fetch here.
 */
export async function listUsers({ q, limit, offset }: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (q.trim()) query.set('q', q.trim());
  const path = `/api/admin/users?${query.toString()}`;
  let response: Response;
  try {
    response = await fetch(authServiceUrl(path), { credentials: 'include', headers: { accept: 'application/json' }, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', 'The server could not be reached.', { cause });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw errorFrom(response, body);
  const parsed = AdminUserList.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'invalid_response', `Unexpected answer from ${path}.`, { cause: parsed.error });
  const users = parsed.data;
  const header = Number.parseInt(response.headers.get('x-total-count') ?? '', 10);
  // Without the header (a proxy dropped it), assume one more page while this one is full.
  const total = Number.isNaN(header) ? offset + users.length + (users.length === limit ? 1 : 0) : header;
  return { users, total };
}

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userListQueryKey(params),
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
