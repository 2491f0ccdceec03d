import type { SyncTarget } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

export interface ScheduleRow {
  target: SyncTarget;
  everyHours: number;
  nextRunAt: Date;
  pausedAt: Date | null;
}

const COLUMNS = `target, every_hours AS "everyHours", next_run_at AS "nextRunAt", paused_at AS "pausedAt"`;

export async function listSchedules(db: DbClient): Promise<ScheduleRow[]> {
  const { rows } = await db.query<ScheduleRow>(`SELECT ${COLUMNS} FROM sync_schedules`);
  return rows;
}

export async function findSchedule(db: DbClient, target: SyncTarget): Promise<ScheduleRow | null> {
  const { rows } = await db.query<ScheduleRow>(`SELECT ${COLUMNS} FROM sync_schedules WHERE target = $1 FOR UPDATE`, [target]);
  return rows[0] ?? null;
}

/** Creates or changes a target's schedule; its next run is `everyHours` from `at`. A paused schedule stays paused. */
export async function upsertSchedule(
  db: DbClient,
  s: { target: SyncTarget; everyHours: number; at: Date; by: string },
): Promise<ScheduleRow> {
  const { rows } = await db.query<ScheduleRow>(
    `INSERT INTO sync_schedules (target, every_hours, next_run_at, updated_at, updated_by)
     VALUES ($1, $2::int, $3::timestamptz + make_interval(hours => $2::int), $3, $4)
     ON CONFLICT (target) DO UPDATE SET every_hours = EXCLUDED.every_hours, next_run_at = EXCLUDED.next_run_at,
       updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING ${COLUMNS}`,
    [s.target, s.everyHours, s.at, s.by],
  );
  return rows[0]!;
}

/** Pauses (`at`) or resumes (null) a schedule; a resumed one whose next run passed meanwhile is due a whole period from `now`. */
export async function setSchedulePaused(
  db: DbClient,
  s: { target: SyncTarget; pausedAt: Date | null; now: Date; by: string },
): Promise<ScheduleRow | null> {
  const { rows } = await db.query<ScheduleRow>(
    `UPDATE sync_schedules SET paused_at = $2, updated_at = $3, updated_by = $4,
       next_run_at = CASE WHEN $2::timestamptz IS NULL AND next_run_at <= $3::timestamptz
                          THEN $3::timestamptz + make_interval(hours => every_hours) ELSE next_run_at END
     WHERE target = $1 RETURNING ${COLUMNS}`,
    [s.target, s.pausedAt, s.now, s.by],
  );
  return rows[0] ?? null;
}

export async function deleteSchedule(db: DbClient, target: SyncTarget): Promise<ScheduleRow | null> {
  const { rows } = await db.query<ScheduleRow>(`DELETE FROM sync_schedules WHERE target = $1 RETURNING ${COLUMNS}`, [target]);
  return rows[0] ?? null;
}

/**
 * The schedules due at `at` and not paused, each moved on to its next run in the same statement: a
 * replica whose sweep runs at the same moment finds them no longer due, so each due run is claimed once.
 */
export async function claimDueSchedules(db: DbClient, at: Date): Promise<SyncTarget[]> {
  const { rows } = await db.query<{ target: SyncTarget }>(
    `UPDATE sync_schedules SET next_run_at = $1::timestamptz + make_interval(hours => every_hours)
     WHERE next_run_at <= $1::timestamptz AND paused_at IS NULL RETURNING target`,
    [at],
  );
  return rows.map((r) => r.target);
}
