import type { DbClient } from '../../../db/pool.ts';
import type { WantedGroup } from '../../../domain/details-backlog.ts';
import type { EntityInput } from './entities.ts';
import { workerGone, type LeaseTerms } from './leases.ts';

/** A stored row whose details are still to be read, as its list entry gave it. */
export interface WantedRow {
  kind: string;
  wantedAt: Date;
  entity: EntityInput;
}

/** The lease of the details fill has the same terms as a run's; its `runId` is unused. */
export type DetailsLeaseTerms = Omit<LeaseTerms, 'runId'>;

const FREE = `(leased_by IS NULL OR lease_until IS NULL OR lease_until <= $1 OR (${workerGone('lease_worker')}))`;

/** Takes the details fill for a job: free when no job holds it, its lease ran out or its worker is dead. */
export async function takeDetailsLease(db: DbClient, lease: DetailsLeaseTerms, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_details_lease SET leased_by = $2, lease_until = $3, lease_worker = $4 WHERE id = 1 AND ${FREE}`,
    [at, lease.holder, lease.until, lease.worker ?? null],
  );
  return rowCount === 1;
}

/** Renews the lease (with each row stored, and over each wait); false when another job holds it now. */
export async function holdDetailsLease(db: DbClient, lease: DetailsLeaseTerms): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE sync_details_lease SET lease_until = $2 WHERE id = 1 AND leased_by = $1`, [
    lease.holder,
    lease.until,
  ]);
  return rowCount === 1;
}

/** Gives the lease up, kept until `until` (the job that goes on then takes it; the sweep leaves it alone meanwhile). */
export async function releaseDetailsLease(db: DbClient, holder: string, until: Date): Promise<void> {
  await db.query(`UPDATE sync_details_lease SET leased_by = NULL, lease_worker = NULL, lease_until = $2 WHERE id = 1 AND leased_by = $1`, [
    holder,
    until,
  ]);
}

const ACTIVE_RUN = `EXISTS (SELECT 1 FROM sync_runs WHERE status IN ('queued', 'running'))`;
const WANTED = `details_wanted_at IS NOT NULL AND gone_at IS NULL`;

/** A sync run is queued or running: it goes first, the details fill waits for it to end. */
export async function anyRunActive(db: DbClient): Promise<boolean> {
  const { rows } = await db.query<{ active: boolean }>(`SELECT ${ACTIVE_RUN} AS active`);
  return rows[0]!.active;
}

/** Rows wait for details, no run is in progress and no live job holds the fill: a new job should start it. */
export async function detailsFillIdle(db: DbClient, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ idle: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM swc_entities WHERE ${WANTED}) AND NOT ${ACTIVE_RUN}
       AND EXISTS (SELECT 1 FROM sync_details_lease WHERE id = 1 AND ${FREE}) AS idle`,
    [at],
  );
  return rows[0]!.idle;
}

/**
 * The next rows to read the details of: the most recent run's rows first, then in the order `all`
 * reads the kinds (systems before the planets and stations their details place), then by UID.
 */
export async function nextWantedRows(db: DbClient, kindOrder: readonly string[], limit: number): Promise<WantedRow[]> {
  const { rows } = await db.query<{
    kind: string;
    wanted_at: Date;
    uid: string;
    name: string;
    parent_uid: string | null;
    x: number | null;
    y: number | null;
    type_uid: string | null;
    class: string | null;
    owner_uid: string | null;
    raw: unknown;
    hash: string;
  }>(
    `SELECT kind, details_wanted_at AS wanted_at, uid, name, parent_uid, x, y, type_uid, class, owner_uid, raw, hash
     FROM swc_entities WHERE ${WANTED}
     ORDER BY details_wanted_at DESC, array_position($1::text[], kind), uid LIMIT $2`,
    [kindOrder, limit],
  );
  return rows.map((r) => ({
    kind: r.kind,
    wantedAt: r.wanted_at,
    entity: {
      uid: r.uid,
      name: r.name,
      parentUid: r.parent_uid,
      x: r.x,
      y: r.y,
      typeUid: r.type_uid,
      className: r.class,
      ownerUid: r.owner_uid,
      raw: r.raw,
      hash: r.hash,
    },
  }));
}

/** The row still waits for the details of this list entry (a system's details may have placed it meanwhile). */
export async function stillWanted(db: DbClient, wanted: WantedRow): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM swc_entities WHERE kind = $1 AND uid = $2 AND hash = $3 AND details_wanted_at IS NOT NULL AND gone_at IS NULL`,
    [wanted.kind, wanted.entity.uid, wanted.entity.hash],
  );
  return rowCount === 1;
}

/**
 * Stores a row's details, unless a run changed its list entry since it was read (then it waits for
 * the details of the new entry). False when it was not stored.
 */
export async function storeDetails(db: DbClient, wanted: WantedRow, entity: EntityInput): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE swc_entities SET parent_uid = $4, x = $5, y = $6, type_uid = $7, class = $8, raw = $9, details_wanted_at = NULL
     WHERE kind = $1 AND uid = $2 AND hash = $3 AND details_wanted_at IS NOT NULL`,
    [
      wanted.kind,
      entity.uid,
      wanted.entity.hash,
      entity.parentUid,
      entity.x,
      entity.y,
      entity.typeUid,
      entity.className,
      JSON.stringify(entity.raw),
    ],
  );
  return rowCount === 1;
}

/** SWCombine refused a row's details (e.g. it no longer has the row): it keeps what its list entry gave. */
export async function giveUpDetails(db: DbClient, wanted: WantedRow): Promise<void> {
  await db.query(`UPDATE swc_entities SET details_wanted_at = NULL WHERE kind = $1 AND uid = $2 AND hash = $3`, [
    wanted.kind,
    wanted.entity.uid,
    wanted.entity.hash,
  ]);
}

/**
 * Planets and stations waiting for details that a stored system (its details read) lists: they take
 * the system as parent and its galaxy coordinates, without a call. Only those `systemUids` list when
 * given. Answers how many.
 */
export async function placeListedMembers(db: DbClient, systemUids: string[] | null = null): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE swc_entities p SET parent_uid = s.uid, x = s.x, y = s.y, details_wanted_at = NULL
     FROM swc_system_members m
     JOIN swc_entities s ON s.kind = 'systems' AND s.uid = m.system_uid AND s.gone_at IS NULL AND s.details_wanted_at IS NULL
     WHERE p.kind IN ('planets', 'stations') AND p.details_wanted_at IS NOT NULL
       AND m.member_kind = p.kind AND m.member_uid = p.uid AND ($1::text[] IS NULL OR m.system_uid = ANY($1))`,
    [systemUids],
  );
  return rowCount ?? 0;
}

/** Rows waiting for details, per kind and wanting run. */
export async function wantedGroups(db: DbClient): Promise<WantedGroup[]> {
  const { rows } = await db.query<WantedGroup>(
    `SELECT kind, details_wanted_at AS "wantedAt", count(*)::int AS rows FROM swc_entities WHERE ${WANTED} GROUP BY 1, 2`,
  );
  return rows;
}
