import { apiClient, type Parser } from '@/lib/api-client.ts';

/** One page of a user's sessions or audit log, and how many there are in all. */
export interface DetailPage<T> {
  rows: T[];
  total: number;
}

/** GET `path`?limit=&offset=: newest first; the total comes in X-Total-Count. */
export async function getDetailPage<T>(
  path: string,
  schema: Parser<T[]>,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<DetailPage<T>> {
  const { data: rows, headers } = await apiClient.getWithHeaders(`${path}?limit=${limit}&offset=${offset}`, schema, signal);
  const header = Number.parseInt(headers.get('x-total-count') ?? '', 10);
  // Without the header (a proxy dropped it), assume one more page while this one is full.
  const total = Number.isNaN(header) ? offset + rows.length + (rows.length === limit ? 1 : 0) : header;
  return { rows, total };
}
