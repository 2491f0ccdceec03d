import { z } from 'zod';
import { DataKind, wholeNumberQuery } from './data.ts';
import { singleLineText } from './text.ts';

/** Which rows the data view lists: every stored row, those SWCombine still lists, or those it no longer does. */
export const ROW_STATES = ['any', 'listed', 'gone'] as const;
export const RowState = z.enum(ROW_STATES, { error: `gone must be one of ${ROW_STATES.join(', ')}` });
export type RowState = z.infer<typeof RowState>;

export const DataViewRowsParams = z.object({ target: DataKind });
export const DataViewRowParams = z.object({ target: DataKind, uid: singleLineText('uid', { min: 1, max: 200 }) });

export const DataViewRowsQuery = z.object({
  limit: wholeNumberQuery('limit', 1, 100).default(25),
  offset: wholeNumberQuery('offset', 0, 1_000_000_000).default(0),
  /** Part of the name (any case), or a whole UID. */
  q: singleLineText('q', { max: 100 }).optional(),
  gone: RowState.default('any'),
});
export type DataViewRowsQuery = z.infer<typeof DataViewRowsQuery>;

/** One stored row as Radiant Management's data view shows it: the typed columns, with the names of what they point at. */
export const DataViewRow = z.object({
  uid: z.string(),
  name: z.string(),
  parentUid: z.string().nullable(),
  /** The parent's name when it is stored too (a system's sector, a planet's system). */
  parentName: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  typeUid: z.string().nullable(),
  /** The type's name when its type kind is stored (an inventory ship's ship type). */
  typeName: z.string().nullable(),
  className: z.string().nullable(),
  ownerUid: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** When a complete sync stopped seeing it; null while SWCombine lists it. */
  goneAt: z.string().nullable(),
  /** Listed, but the fields only its detail answer gives (coordinates, parent, class) are not stored yet. */
  detailsPending: z.boolean(),
});
export type DataViewRow = z.infer<typeof DataViewRow>;

export const DataViewRowsPage = z.object({ items: z.array(DataViewRow), total: z.number().int() });
export type DataViewRowsPage = z.infer<typeof DataViewRowsPage>;

/** One row with SWCombine's answer as the sync stored it (the detail answer, or the list entry while details are pending). */
export const DataViewRowDetail = DataViewRow.extend({ raw: z.unknown() });
export type DataViewRowDetail = z.infer<typeof DataViewRowDetail>;

/**
 * The galaxy as the map draws it, in compact rows (one array each, no field names), so the whole galaxy
 * arrives in one small answer. Indexes point into `sectors` and `systems`; -1 is none.
 */
export const GalaxyMap = z.object({
  /** [uid, name] */
  sectors: z.array(z.tuple([z.string(), z.string()])),
  /** [uid, name, x, y, sector index]: listed systems with galaxy coordinates. */
  systems: z.array(z.tuple([z.string(), z.string(), z.number(), z.number(), z.number().int()])),
  /** Listed systems whose coordinates are not stored yet (their details are pending). */
  systemsPending: z.number().int(),
  /** [uid, name, x, y, system index]: the faction inventory's entities, at their system (else their own galaxy coordinates). */
  entities: z.array(z.tuple([z.string(), z.string(), z.number(), z.number(), z.number().int()])),
  /** Inventory entities with neither a stored system nor coordinates of their own. */
  entitiesUnplaced: z.number().int(),
});
export type GalaxyMap = z.infer<typeof GalaxyMap>;
