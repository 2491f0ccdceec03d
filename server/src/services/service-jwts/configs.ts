import { AuditEvent, RotationType, type RotationHistoryEntry, type ServiceJwtConfig } from '@portal/contract';
import type { DatabaseError } from 'pg';
import type { Deps } from '../../deps.ts';
import { changesOf } from '../../domain/changes.ts';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import { Conflict, NotFound, UpstreamFailed } from '../../lib/errors.ts';
import {
  deleteServiceJwt,
  findServiceJwt,
  findServiceJwtWritingTo,
  insertServiceJwt,
  listRotations,
  listServiceJwts,
  updateServiceJwt,
  type ServiceJwtFields,
  type ServiceJwtRow,
} from './queries/service-jwts.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { rotateServiceJwt } from './rotation.ts';

const TOKEN_FIELDS: (keyof ServiceJwtFields)[] = [
  'audience',
  'subject',
  'authorized_party',
  'ttl_minutes',
  'k8s_namespace',
  'k8s_secret_name',
  'k8s_secret_key',
];

/** What the admin console sees: the configuration without the sweep's backoff state. */
function toServiceJwt(r: ServiceJwtRow): ServiceJwtConfig {
  const { failure_count: _failures, next_attempt_at: _nextAttempt, ...config } = r;
  return {
    ...config,
    last_rotated_at: r.last_rotated_at?.toISOString() ?? null,
    token_expires_at: r.token_expires_at?.toISOString() ?? null,
  };
}

const isUniqueViolation = (err: unknown) => (err as DatabaseError).code === '23505';
const duplicate = (name: string) => new Conflict(`A JWT configuration for the service "${name}" already exists.`);
const missing = () => new NotFound('No JWT configuration with this id.');

/** One Secret key, one configuration: a second would overwrite the first's token at every rotation. */
async function refuseSharedTarget(tx: DbClient, f: ServiceJwtFields, exceptId: string): Promise<void> {
  const other = await findServiceJwtWritingTo(tx, f, exceptId);
  if (!other) return;
  throw new Conflict(
    `The JWT configuration "${other.service_name}" already writes the key "${f.k8s_secret_key}" of the Secret ${f.k8s_namespace}/${f.k8s_secret_name}; choose another namespace, Secret name or key.`,
  );
}

/** Saving a configuration writes its token at once (rotateServiceJwt). */
type RotatingDeps = Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'secrets'>;

export const listServiceJwtConfigs = async (deps: Pick<Deps, 'db'>) => (await listServiceJwts(deps.db)).map(toServiceJwt);

/** Saves the configuration and issues its first token at once (a failed write is kept in its history). */
export async function createServiceJwtConfig(deps: RotatingDeps, actor: Actor, fields: ServiceJwtFields): Promise<ServiceJwtConfig> {
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await insertServiceJwt(tx, fields, deps.clock.now()).catch((err: unknown) => {
      throw isUniqueViolation(err) ? duplicate(fields.service_name) : err;
    });
    await refuseSharedTarget(tx, fields, created.id);
    await auditAdmin(deps, tx, actor, AuditEvent.ServiceJwtCreated, { details: { service: created.service_name, id: created.id } });
    return created;
  });
  await rotateServiceJwt(deps, deps.db, row, RotationType.Manual, actor.userId);
  return toServiceJwt((await findServiceJwt(deps.db, row.id))!);
}

/** Updates; when anything the token carries or where it lands changed, a new token is written at once. */
export async function updateServiceJwtConfig(
  deps: RotatingDeps,
  actor: Actor,
  id: string,
  fields: ServiceJwtFields,
): Promise<ServiceJwtConfig> {
  const { before, after } = await inTransaction(deps.db, async (tx) => {
    const previous = await findServiceJwt(tx, id, { lock: true });
    if (!previous) throw missing();
    const updated = await updateServiceJwt(tx, id, fields, deps.clock.now()).catch((err: unknown) => {
      throw isUniqueViolation(err) ? duplicate(fields.service_name) : err;
    });
    await refuseSharedTarget(tx, fields, id);
    const changes = changesOf(previous, updated!, Object.keys(fields));
    await auditAdmin(deps, tx, actor, AuditEvent.ServiceJwtUpdated, { details: { service: updated!.service_name, id, ...changes } });
    return { before: previous, after: updated! };
  });
  if (TOKEN_FIELDS.some((k) => before[k] !== after[k])) await rotateServiceJwt(deps, deps.db, after, RotationType.Manual, actor.userId);
  return toServiceJwt((await findServiceJwt(deps.db, id))!);
}

export async function deleteServiceJwtConfig(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, id: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const deleted = await deleteServiceJwt(tx, id);
    if (!deleted) throw missing();
    await auditAdmin(deps, tx, actor, AuditEvent.ServiceJwtDeleted, { details: { service: deleted.service_name, id } });
  });
}

/** Rotate Now: a manual rotation; a failed write is UpstreamFailed with the reason (and is in the history). */
export async function rotateServiceJwtNow(deps: RotatingDeps, actor: Actor, id: string): Promise<ServiceJwtConfig> {
  const outcome = await inTransaction(deps.db, async (tx) => {
    const row = await findServiceJwt(tx, id, { lock: true });
    if (!row) throw missing();
    return rotateServiceJwt(deps, tx, row, RotationType.Manual, actor.userId);
  });
  if (!outcome.ok) throw new UpstreamFailed(outcome.message);
  return toServiceJwt((await findServiceJwt(deps.db, id))!);
}

export async function serviceJwtHistory(deps: Pick<Deps, 'db'>, id: string): Promise<RotationHistoryEntry[]> {
  if (!(await findServiceJwt(deps.db, id))) throw missing();
  return (await listRotations(deps.db, id)).map((r) => ({
    rotatedAt: r.rotated_at.toISOString(),
    type: r.type,
    status: r.status,
    message: r.message,
  }));
}
