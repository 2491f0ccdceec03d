import type { SyncTarget } from '@portal/contract';
import { z } from 'zod';
import type { EntityInput } from '../../queries/sync-entities.ts';
import { hashOf, listSchema, Reference, type ListAttributes } from './swc-lists.ts';

/** The targets `all` runs, parents before what refers to them; inventory last (it needs a binding). */
export const ALL_ORDER: readonly Exclude<SyncTarget, 'all'>[] = [
  'factions',
  'sectors',
  'systems',
  'planets',
  'stations',
  'classes',
  'ships',
  'vehicles',
  'facilities',
  'items',
  'droids',
  'weapons',
  'inventory',
];

/** A row of a list page, or of a detail answer, as it will be stored. */
export type Entity = EntityInput;

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
  /**
   * For lists that lack a stored field: the detail call that completes a row. Made only for rows
   * whose list entry is new or changed (the hash is the list entry's).
   */
  detail?: { path(uid: string): string; what: string; schema: z.ZodType<unknown>; complete(row: Entity, answer: unknown): Entity };
}

const LIST_PAGE = 50;
const INVENTORY_PAGE = 200;

const TYPE_SINGULAR = {
  ships: 'ship',
  vehicles: 'vehicle',
  stations: 'station',
  facilities: 'facility',
  items: 'item',
  droids: 'droid',
  weapons: 'weapon',
} as const;
type TypeKind = keyof typeof TYPE_SINGULAR;
const TYPE_KINDS = Object.keys(TYPE_SINGULAR) as TypeKind[];

/** Inventory kinds the sync reads, each through its own `faction_inv_<kind>_read` scope. */
export const INVENTORY_KINDS = ['ships', 'vehicles', 'stations', 'facilities', 'items', 'droids'] as const;

const ListItem = z.object({
  attributes: z.object({ uid: z.string(), name: z.string().optional() }).loose(),
  value: z.unknown().optional(),
});

/** A row with a UID and a name and nothing else typed: the answer stays in `raw`. */
const plainEntityOf = (uid: string, name: string, raw: unknown): Entity => ({
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

const simpleList = (segment: string, path: string, listKeys: string[], itemKey: string, what: string): ListSegment => ({
  segment,
  path,
  what,
  schema: listSchema(listKeys, itemKey),
  pageSize: LIST_PAGE,
  toEntity: plainEntity,
});

const ClassItem = z.object({ attributes: z.object({ name: z.string() }).loose(), value: z.unknown().optional() });

function classSegment(kind: TypeKind): ListSegment {
  return {
    segment: `classes/${kind}`,
    path: `/types/classes/${kind}`,
    what: `the ${TYPE_SINGULAR[kind]} class list`,
    schema: listSchema(['classes', kind], 'class'),
    pageSize: LIST_PAGE,
    toEntity(item) {
      const parsed = ClassItem.safeParse(item);
      if (!parsed.success) return null;
      const name = parsed.data.attributes.name;
      // Classes have no UID of their own: the type kind and the name make one.
      return { ...plainEntityOf(`${kind}:${name}`, name, item), className: name };
    },
  };
}

const TypeDetail = z.object({ class: z.object({ value: z.string() }).loose().nullish() }).loose();

function typeSegment(kind: TypeKind): ListSegment {
  const singular = TYPE_SINGULAR[kind];
  return {
    ...simpleList(kind, `/types/${kind}/`, [`${singular}types`], `${singular}type`, `the ${singular} type list`),
    detail: {
      path: (uid) => `/types/${kind}/${encodeURIComponent(uid)}`,
      what: `a ${singular} type`,
      schema: z.object({ [`${singular}type`]: TypeDetail }).transform((v) => v[`${singular}type`]),
      complete(row, answer) {
        const detail = answer as z.infer<typeof TypeDetail>;
        // The class is only in the detail answer; the hash stays the list entry's, so an unchanged entry costs no call.
        return { ...row, className: detail.class?.value ?? null, raw: detail };
      },
    },
  };
}

const Point = z.object({ attributes: z.object({ x: z.coerce.number(), y: z.coerce.number() }) }).nullish();
const InventoryEntity = z.object({
  value: z
    .object({
      uid: z.string(),
      name: z.string(),
      type: Reference.nullish(),
      owner: Reference.nullish(),
      location: z
        .object({ system: Reference.nullish(), planet: Reference.nullish(), coordinates: z.object({ galaxy: Point }).loose().nullish() })
        .loose()
        .nullish(),
    })
    .loose(),
});

function inventoryEntity(item: unknown): Entity | null {
  const parsed = InventoryEntity.safeParse(item);
  if (!parsed.success) return null;
  const e = parsed.data.value;
  const galaxy = e.location?.coordinates?.galaxy?.attributes;
  return {
    uid: e.uid,
    name: e.name,
    parentUid: e.location?.planet?.attributes.uid ?? e.location?.system?.attributes.uid ?? null,
    x: galaxy?.x ?? null,
    y: galaxy?.y ?? null,
    typeUid: e.type?.attributes.uid ?? null,
    className: null,
    ownerUid: e.owner?.attributes.uid ?? null,
    raw: item,
    hash: hashOf(item),
  };
}

/** The faction's whole inventory: every `owner` list (commander and pilot lists only repeat rows from it). */
export function inventorySegments(factionUid: string): ListSegment[] {
  return INVENTORY_KINDS.map((kind) => ({
    segment: `inventory/${kind}`,
    path: `/inventory/${encodeURIComponent(factionUid)}/${kind}/owner`,
    what: `the faction's ${kind} inventory`,
    schema: listSchema(['entities'], 'entity'),
    pageSize: INVENTORY_PAGE,
    toEntity: inventoryEntity,
  }));
}

/** The lists a target reads (inventory's depend on the binding: see inventorySegments). */
export function segmentsOf(target: Exclude<SyncTarget, 'all' | 'inventory'>): ListSegment[] {
  switch (target) {
    case 'factions':
      return [simpleList('factions', '/factions/', ['factions'], 'faction', 'the faction list')];
    case 'sectors':
    case 'systems':
    case 'planets':
    case 'stations': {
      const singular = target.slice(0, -1);
      return [simpleList(target, `/galaxy/${target}/`, [target], singular, `the ${singular} list`)];
    }
    case 'classes':
      return TYPE_KINDS.map(classSegment);
    default:
      return [typeSegment(target)];
  }
}
