import type { SyncTarget } from '@portal/contract';
import { z } from 'zod';
import { galaxySegment } from './galaxy-segments.ts';
import { LIST_PAGE, plainEntityOf, simpleList, type DetailCompletion, type Entity, type ListSegment } from './list-segment.ts';
import { hashOf, listSchema, Point, Reference } from './swc-lists.ts';

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

const InventoryEntity = z.object({
  value: z
    .object({
      uid: z.string(),
      name: z.string(),
      type: Reference.nullish(),
      owner: Reference.nullish(),
      location: z
        .object({
          system: Reference.nullish(),
          planet: Reference.nullish(),
          coordinates: z.object({ galaxy: Point.nullish() }).loose().nullish(),
        })
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
    case 'stations':
      return [galaxySegment(target)];
    case 'classes':
      return TYPE_KINDS.map(classSegment);
    default:
      return [typeSegment(target)];
  }
}

/** How a row of `kind` is completed when its list lacks fields; undefined for kinds whose list says everything. */
export function detailOf(kind: string): DetailCompletion | undefined {
  if (kind === 'all' || kind === 'inventory' || !(ALL_ORDER as readonly string[]).includes(kind)) return undefined;
  return segmentsOf(kind as Exclude<SyncTarget, 'all' | 'inventory'>)[0]?.detail;
}

/** The kinds whose rows wait for details after a run: galaxy and type kinds. */
export const DETAILED_KINDS = ALL_ORDER.filter((kind) => detailOf(kind) !== undefined);
