import { AuditEvent, RotationOutcome, type RotationType } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { retryDelayMs } from '../../domain/rotation-due.ts';
import { SecretWriteError } from '../../integrations/kubernetes/secret-sink.ts';
import { insertAudit } from '../../queries/audit.ts';
import { insertRotation, markFailed, markRotated, type ServiceJwtRow } from './queries/service-jwts.ts';

type RotationResult = { ok: true; message: string; expiresAt: Date } | { ok: false; message: string };

const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'swc-portal' };

/** RFC 9068 access token for a service: the token itself goes to the Secret and nowhere else. */
export async function issueServiceJwt(deps: Pick<Deps, 'keys' | 'config'>, c: ServiceJwtRow, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + c.ttl_minutes * 60;
  const jti = randomUUID();
  const token = await deps.keys.sign(
    {
      iss: deps.config.publicUrl,
      aud: c.audience,
      sub: c.subject,
      ...(c.authorized_party ? { azp: c.authorized_party } : {}),
      client_id: c.service_name,
      iat,
      exp,
      jti,
    },
    'at+jwt',
  );
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/**
 * Issues a token and writes it to the configuration's Secret. Success or failure, it leaves a
 * history row and an audit row; a failure keeps last_rotated_at and schedules a retry with backoff.
 */
export async function rotateServiceJwt(
  deps: Pick<Deps, 'keys' | 'config' | 'secrets' | 'clock'>,
  db: DbClient,
  c: ServiceJwtRow,
  type: RotationType,
  actorId: string | null = null,
): Promise<RotationResult> {
  const now = deps.clock.now();
  const target = `${c.k8s_namespace}/${c.k8s_secret_name}`;
  let outcome: RotationResult;
  let jti: string | undefined;
  try {
    const issued = await issueServiceJwt(deps, c, now);
    jti = issued.jti;
    await deps.secrets.write({
      namespace: c.k8s_namespace,
      name: c.k8s_secret_name,
      key: c.k8s_secret_key,
      value: issued.token,
      labels: MANAGED_BY,
      annotations: {
        'swc-portal.io/service-jwt': c.service_name,
        'swc-portal.io/rotated-at': now.toISOString(),
        'swc-portal.io/expires-at': issued.expiresAt.toISOString(),
      },
    });
    outcome = {
      ok: true,
      expiresAt: issued.expiresAt,
      message: `New token written to ${target} (key ${c.k8s_secret_key}); it expires ${issued.expiresAt.toISOString()}.`,
    };
    await markRotated(db, c.id, now, issued.expiresAt);
  } catch (err) {
    const message = err instanceof SecretWriteError ? err.message : `Rotation failed: ${(err as Error).message}`;
    outcome = { ok: false, message };
    await markFailed(db, c.id, new Date(now.getTime() + retryDelayMs(c.failure_count)));
  }
  await insertRotation(db, {
    configId: c.id,
    at: now,
    type,
    status: outcome.ok ? RotationOutcome.Success : RotationOutcome.Failed,
    message: outcome.message,
    jti,
    expiresAt: outcome.ok ? outcome.expiresAt : undefined,
  });
  await insertAudit(db, {
    event: outcome.ok ? AuditEvent.ServiceJwtRotated : AuditEvent.ServiceJwtRotationFailed,
    actorId,
    at: now,
    details: { service: c.service_name, type, target, message: outcome.message, ...(jti && outcome.ok ? { jti } : {}) },
  });
  return outcome;
}
