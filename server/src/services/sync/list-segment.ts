import { z } from 'zod';
import type { DbClient } from '../../db/pool.ts';
import type { EntityInput } from './queries/entities.ts';
import { hashOf, listSchema, type ListAttributes } from './swc-lists.ts';

/** A row of a list page, or of a detail answer, as it will be stored. */
export type Entity = EntityInput;

/** For lists that lack a stored field: how a row is completed. */
export interface DetailCompletion {
  /** The detail call that completes a row; made only for rows whose list entry is new or changed (the hash is the list entry's). */
  path(uid: string): string;
  what: string;
  schema: z.ZodType<unknown>;
  complete(row: Entity, answer: unknown): Entity;
  /** Rows (new or changed) completed from what the sync already stored, without a call; the others get the detail call. */
  fromStored?(db: DbClient, rows: Entity[]): Promise<Map<string, Entity>>;
  /** Written in the same transaction as the rows it completed (which are stored new or changed). */
  alsoStore?(tx: DbClient, rows: Entity[]): Promise<void>;
}

/** One paged SWCombine list a target reads; a target reads one or more. */
export interface ListSegment {
  /** The checkpoint's name for this list, unique within a run. */
  segment: string;
  path: string;
  what: string;
  schema: z.ZodType<{ attributes: ListAttributes; items: unknown[] }>;
  /** The most rows the endpoint answers per page. */
  pageSize: number;
  toEntity(item: unknown): Entity | null;
  detail?: DetailCompletion;
}

export const LIST_PAGE = 50;

const ListItem = z.object({
  attributes: z.object({ uid: z.string(), name: z.string().optional() }).loose(),
  value: z.unknown().optional(),
});

/** A row with a UID and a name and nothing else typed: the answer stays in `raw`. */
export const plainEntityOf = (uid: string, name: string, raw: unknown): Entity => ({
  uid,
  name,
  parentUid: null,
  x: null,
  y: null,
  typeUid: null,
  className: null,
  ownerUid: null,
  raw,
  hash: hashOf(raw),
});

/** `{ attributes: { uid, name, href }, value: name }`: all a galaxy, faction or type list says of a row. */
function plainEntity(item: unknown): Entity | null {
  const parsed = ListItem.safeParse(item);
  if (!parsed.success) return null;
  const { attributes, value } = parsed.data;
  return plainEntityOf(attributes.uid, attributes.name ?? (typeof value === 'string' ? value : attributes.uid), item);
}

/** A list of `{ attributes: { uid, name } }` rows at the galaxy/faction/type page size. */
export const simpleList = (segment: string, path: string, listKeys: string[], itemKey: string, what: string): ListSegment => ({
  segment,
  path,
  what,
  schema: listSchema(listKeys, itemKey),
  pageSize: LIST_PAGE,
  toEntity: plainEntity,
});
