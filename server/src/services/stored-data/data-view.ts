import type { DataKind, DataViewRow, DataViewRowDetail, DataViewRowsPage, DataViewRowsQuery } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { findStoredRow, pageStoredRows, type StoredRow } from './queries/stored-rows.ts';

function toRow(row: StoredRow): DataViewRow {
  return {
    uid: row.uid,
    name: row.name,
    parentUid: row.parentUid,
    parentName: row.parentName,
    x: row.x,
    y: row.y,
    typeUid: row.typeUid,
    typeName: row.typeName,
    className: row.className,
    ownerUid: row.ownerUid,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    goneAt: row.goneAt ? row.goneAt.toISOString() : null,
    detailsPending: row.detailsPending,
  };
}

/** A page of what the sync stored for `kind`, for Radiant Management's data view. */
export async function listRows(deps: Pick<Deps, 'db'>, kind: DataKind, query: DataViewRowsQuery): Promise<DataViewRowsPage> {
  // An empty search finds every row here.
  const { rows, total } = await pageStoredRows(deps.db, kind, { ...query, q: query.q || undefined, state: query.gone });
  return { items: rows.map(toRow), total };
}

/** One stored row with SWCombine's answer for it. */
export async function readRow(deps: Pick<Deps, 'db'>, kind: DataKind, uid: string): Promise<DataViewRowDetail> {
  const row = await findStoredRow(deps.db, kind, uid);
  if (!row) throw new NotFound(`No ${kind} row with UID ${uid} has been synced.`);
  return { ...toRow(row), raw: row.raw };
}
