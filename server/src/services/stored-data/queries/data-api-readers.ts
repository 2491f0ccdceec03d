import type { DbClient } from '../../../db/pool.ts';

/** Whether a service-JWT configuration named `serviceName` exists for `audience` (rotating or not). */
export async function serviceJwtConfigExists(db: DbClient, serviceName: string, audience: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM service_jwt_configs WHERE service_name = $1 AND audience = $2`, [
    serviceName,
    audience,
  ]);
  return rowCount === 1;
}
