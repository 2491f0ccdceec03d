import type { RotationOutcome, RotationType, ServiceJwtConfig, ServiceJwtInput } from '@portal/contract';
import type { z } from 'zod';
import type { DbClient } from '../../../db/pool.ts';
import { selectList, type DbRow } from '../../../queries/columns.ts';

/** A configuration's writable fields as the contract parses them from the admin's request body. */
export type ServiceJwtFields = z.output<typeof ServiceJwtInput>;

/** The contract's configuration plus the rotation backoff state the sweep keeps. */
export type ServiceJwtRow = DbRow<ServiceJwtConfig, 'last_rotated_at' | 'token_expires_at'> & {
  failure_count: number;
  next_attempt_at: Date | null;
};

/** Body field ← column of `service_jwt_configs`. */
const INPUT_COLUMNS = {
  service_name: 'service_name',
  audience: 'audience',
  subject: 'subject',
  authorized_party: 'authorized_party',
  ttl_minutes: 'ttl_minutes',
  k8s_namespace: 'k8s_namespace',
  k8s_secret_name: 'k8s_secret_name',
  k8s_secret_key: 'k8s_secret_key',
  rotation_enabled: 'rotation_enabled',
  rotation_interval_minutes: 'rotation_interval_minutes',
} as const satisfies Record<keyof ServiceJwtFields, string>;

const CONFIG_COLUMNS = {
  id: 'id',
  ...INPUT_COLUMNS,
  last_rotated_at: 'last_rotated_at',
  token_expires_at: 'token_expires_at',
} as const satisfies Record<keyof ServiceJwtConfig, string>;

const ROW = selectList({
  ...CONFIG_COLUMNS,
  failure_count: 'failure_count',
  next_attempt_at: 'next_attempt_at',
} satisfies Record<keyof ServiceJwtRow, string>);

const INPUT = Object.entries(INPUT_COLUMNS) as [keyof ServiceJwtFields, string][];
const values = (f: ServiceJwtFields) => INPUT.map(([field]) => f[field]);

export async function listServiceJwts(db: DbClient): Promise<ServiceJwtRow[]> {
  const { rows } = await db.query<ServiceJwtRow>(`SELECT ${ROW} FROM service_jwt_configs ORDER BY lower(service_name)`);
  return rows;
}

export async function findServiceJwt(db: DbClient, id: string, opts: { lock?: boolean } = {}): Promise<ServiceJwtRow | null> {
  const { rows } = await db.query<ServiceJwtRow>(`SELECT ${ROW} FROM service_jwt_configs WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

/**
 * Another configuration than `exceptId` (the one just written in this transaction) that writes the
 * same key of the same Secret. Waits first for any other transaction doing the same check (a
 * transaction lock): of two admins claiming one place at once, the second sees the first's row.
 */
export async function findServiceJwtWritingTo(
  db: DbClient,
  target: Pick<ServiceJwtFields, 'k8s_namespace' | 'k8s_secret_name' | 'k8s_secret_key'>,
  exceptId: string,
): Promise<{ id: string; service_name: string } | null> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('service_jwt_configs'))");
  const { rows } = await db.query<{ id: string; service_name: string }>(
    `SELECT id, service_name FROM service_jwt_configs
     WHERE k8s_namespace = $1 AND k8s_secret_name = $2 AND k8s_secret_key = $3 AND id <> $4
     ORDER BY created_at LIMIT 1`,
    [target.k8s_namespace, target.k8s_secret_name, target.k8s_secret_key, exceptId],
  );
  return rows[0] ?? null;
}

export async function insertServiceJwt(db: DbClient, f: ServiceJwtFields, now: Date): Promise<ServiceJwtRow> {
  const { rows } = await db.query<ServiceJwtRow>(
    `INSERT INTO service_jwt_configs (${INPUT.map(([, column]) => column).join(', ')}, created_at, updated_at)
     VALUES (${INPUT.map((_, i) => `$${i + 1}`).join(', ')}, $${INPUT.length + 1}, $${INPUT.length + 1}) RETURNING ${ROW}`,
    [...values(f), now],
  );
  return rows[0]!;
}

export async function updateServiceJwt(db: DbClient, id: string, f: ServiceJwtFields, now: Date): Promise<ServiceJwtRow | null> {
  const { rows } = await db.query<ServiceJwtRow>(
    `UPDATE service_jwt_configs SET ${INPUT.map(([, column], i) => `${column} = $${i + 2}`).join(', ')}, updated_at = $${INPUT.length + 2},
       failure_count = 0, next_attempt_at = NULL
     WHERE id = $1 RETURNING ${ROW}`,
    [id, ...values(f), now],
  );
  return rows[0] ?? null;
}

export async function deleteServiceJwt(db: DbClient, id: string): Promise<ServiceJwtRow | null> {
  const { rows } = await db.query<ServiceJwtRow>(`DELETE FROM service_jwt_configs WHERE id = $1 RETURNING ${ROW}`, [id]);
  return rows[0] ?? null;
}

export async function markRotated(db: DbClient, id: string, at: Date, expiresAt: Date): Promise<void> {
  await db.query(
    'UPDATE service_jwt_configs SET last_rotated_at = $2, token_expires_at = $3, failure_count = 0, next_attempt_at = NULL WHERE id = $1',
    [id, at, expiresAt],
  );
}

export async function markFailed(db: DbClient, id: string, nextAttemptAt: Date): Promise<void> {
  await db.query('UPDATE service_jwt_configs SET failure_count = failure_count + 1, next_attempt_at = $2 WHERE id = $1', [
    id,
    nextAttemptAt,
  ]);
}

/**
 * Locks up to `limit` configurations that are due, skipping rows another replica holds: each due
 * configuration is rotated by exactly one sweep. The due rule itself is domain/rotation-due.ts;
 * this is its SQL twin for selecting candidates.
 */
export async function lockDueServiceJwts(db: DbClient, now: Date, limit: number): Promise<ServiceJwtRow[]> {
  const { rows } = await db.query<ServiceJwtRow>(
    `SELECT ${ROW} FROM service_jwt_configs
     WHERE rotation_enabled
       AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
       AND (last_rotated_at IS NULL
            OR last_rotated_at + rotation_interval_minutes * interval '1 minute' <= $1
            OR token_expires_at - GREATEST(interval '2 minutes', ttl_minutes * interval '12 seconds') <= $1)
     ORDER BY COALESCE(last_rotated_at, 'epoch') LIMIT $2
     FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  return rows;
}

interface RotationRow {
  rotated_at: Date;
  type: RotationType;
  status: RotationOutcome;
  message: string | null;
}

export async function insertRotation(
  db: DbClient,
  r: { configId: string; at: Date; type: RotationType; status: RotationOutcome; message: string; jti?: string; expiresAt?: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO service_jwt_rotations (config_id, rotated_at, type, status, message, jti, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.configId, r.at, r.type, r.status, r.message, r.jti ?? null, r.expiresAt ?? null],
  );
}

export async function listRotations(db: DbClient, configId: string, limit = 100): Promise<RotationRow[]> {
  const { rows } = await db.query<RotationRow>(
    'SELECT rotated_at, type, status, message FROM service_jwt_rotations WHERE config_id = $1 ORDER BY rotated_at DESC, id DESC LIMIT $2',
    [configId, limit],
  );
  return rows;
}
