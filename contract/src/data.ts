import { z } from 'zod';
import { SYNC_TARGETS } from './sync.ts';
import { singleLineText } from './text.ts';

/** What the data API serves: every sync target but `all`. */
export const DATA_KINDS = SYNC_TARGETS.filter((t): t is Exclude<(typeof SYNC_TARGETS)[number], 'all'> => t !== 'all');
export const DataKind = z.enum(DATA_KINDS as [(typeof DATA_KINDS)[number], ...(typeof DATA_KINDS)[number][]], {
  error: `target must be one of ${DATA_KINDS.join(', ')}`,
});
export type DataKind = z.infer<typeof DataKind>;

/** The audience a service JWT must name to read the data API: the portal's public URL + this path. */
export const DATA_API_PATH = '/api/data';

/** A whole number given as query text: digits only, so no sign, space or control character slips through. */
export const wholeNumberQuery = (label: string, min: number, max: number) =>
  singleLineText(label, { max: 10 })
    .regex(/^[0-9]+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

export const DataListQuery = z.object({
  limit: wholeNumberQuery('limit', 1, 200).default(50),
  offset: wholeNumberQuery('offset', 0, 1_000_000_000).default(0),
  /** Part of the name (any case), or a whole UID. */
  q: singleLineText('q', { max: 100 }).optional(),
});
export type DataListQuery = z.infer<typeof DataListQuery>;

export const DataListParams = z.object({ target: DataKind });
export const DataItemParams = z.object({ target: DataKind, uid: singleLineText('uid', { min: 1, max: 200 }) });

/** One stored row: typed columns as the sync reads them, and SWCombine's answer as it sent it. */
export const DataItem = z.object({
  uid: z.string(),
  name: z.string(),
  kind: DataKind,
  parent_uid: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  type_uid: z.string().nullable(),
  class: z.string().nullable(),
  owner_uid: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** When a complete sync stopped seeing it (SWCombine no longer lists it); null while it is listed. */
  gone_at: z.string().nullable(),
  /**
   * True while the details its list entry lacks (coordinates, parent, class) are still to be read
   * from SWCombine: those fields are null, or still what an earlier read found.
   */
  details_pending: z.boolean(),
  raw: z.unknown(),
});
export type DataItem = z.infer<typeof DataItem>;

export const DataPage = z.object({ items: z.array(DataItem), total: z.number().int() });
export type DataPage = z.infer<typeof DataPage>;
