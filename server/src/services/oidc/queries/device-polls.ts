import type { DbClient } from '../../../db/pool.ts';

/**
 * Records a poll of the device code `id` by `clientId` at `now`: whether it came sooner than the
 * code's interval after the last poll (the interval then grows by `stepS`), and the interval from
 * now on. Null when the client has no such device code (the library answers that).
 */
export async function recordDevicePoll(
  db: DbClient,
  where: { id: string; clientId: string },
  now: Date,
  { firstS, stepS }: { firstS: number; stepS: number },
): Promise<{ too_soon: boolean; interval_s: number } | null> {
  const { rows } = await db.query<{ too_soon: boolean; interval_s: number }>(
    `UPDATE oidc_payloads p
     SET polled_at = $3, poll_interval_s = CASE WHEN last.too_soon THEN last.interval_s + $5 ELSE last.interval_s END
     FROM (SELECT model, id, COALESCE(poll_interval_s, $4) AS interval_s,
                  COALESCE(polled_at > $3::timestamptz - make_interval(secs => COALESCE(poll_interval_s, $4::integer)), false) AS too_soon
           FROM oidc_payloads WHERE model = 'DeviceCode' AND id = $1 AND client_id = $2 FOR UPDATE) last
     WHERE p.model = last.model AND p.id = last.id
     RETURNING last.too_soon, p.poll_interval_s AS interval_s`,
    [where.id, where.clientId, now, firstS, stepS],
  );
  return rows[0] ?? null;
}
