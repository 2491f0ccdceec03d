import type { adminUsers, EndpointAnswer } from '@portal/contract';
import { callEndpointWithHeaders } from '@/lib/api-client.ts';
import { totalCount } from '@/lib/total-count.ts';

/** One page of a user's sessions or audit log, and how many there are in all. */
export interface DetailPage<T> {
  rows: T[];
  total: number;
}

type DetailEndpoint = typeof adminUsers.audit | typeof adminUsers.sessions;

/** GET the endpoint ?limit=&offset= for one user: newest first; the total comes in X-Total-Count. */
export async function getDetailPage<E extends DetailEndpoint>(
  endpoint: E,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<DetailPage<EndpointAnswer<E>[number]>> {
  // Called as either endpoint (TypeScript cannot resolve a call's input for a generic one); the rows are E's.
  const { data: rows, headers } = await callEndpointWithHeaders<DetailEndpoint>(endpoint, {
    params: { id: userId },
    query: { limit: String(limit), offset: String(offset) },
    signal,
  });
  return { rows: rows as EndpointAnswer<E>[number][], total: totalCount(headers, { offset, limit }, rows.length) };
}
