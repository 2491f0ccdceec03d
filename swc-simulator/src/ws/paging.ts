import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { sendWs, sendWsError } from './envelope.ts';

export interface Paging {
  /** 1-based index of the first item. */
  start: number;
  count: number;
}

export interface ListAttributes {
  start: number;
  total: number;
  count: number;
}

function positiveInt(raw: unknown): number | undefined {
  return typeof raw === 'string' && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

/** Reads `start_index` (1-based, default 1) and `item_count` (default 50, capped at `maxCount`). */
export function readPaging(query: unknown, defaultCount = 50, maxCount = defaultCount): Paging | { error: string } {
  const q = (query ?? {}) as Record<string, unknown>;
  let start = 1;
  let count = defaultCount;
  if (q.start_index !== undefined) {
    const n = positiveInt(q.start_index);
    if (n === undefined) return { error: 'start_index must be a whole number of at least 1.' };
    start = n;
  }
  if (q.item_count !== undefined) {
    const n = positiveInt(q.item_count);
    if (n === undefined) return { error: 'item_count must be a whole number of at least 1.' };
    count = Math.min(n, maxCount);
  }
  return { start, count };
}

export function pageOf<T>(items: readonly T[], p: Paging): { attributes: ListAttributes; items: T[] } {
  const slice = items.slice(p.start - 1, p.start - 1 + p.count);
  return { attributes: { start: p.start, total: items.length, count: slice.length }, items: slice };
}

export interface ListSpec<T> {
  /** Key under swcapi, e.g. `factions`. */
  plural: string;
  /** Key of the item array, e.g. `faction`. */
  singular: string;
  items: readonly T[];
  toItem: (item: T) => unknown;
  defaultCount?: number;
  maxCount?: number;
}

/** Answers a paged list in the shared shape `swcapi.<plural>.{ attributes{ start, total, count }, <singular>[] }`. */
export function sendList<T>(reply: FastifyReply, ctx: SimContext, request: FastifyRequest, spec: ListSpec<T>): FastifyReply {
  const paging = readPaging(request.query, spec.defaultCount ?? 50, spec.maxCount);
  if ('error' in paging) return sendWsError(reply, ctx, request, 400, paging.error);
  const { attributes, items } = pageOf(spec.items, paging);
  return sendWs(reply, ctx, request, { [spec.plural]: { attributes, [spec.singular]: items.map(spec.toItem) } });
}
