import { AuditEvent, type ForwardingState } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { destinationPolicy } from '../../domain/outgoing-address.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../domain/webhook-signature.ts';
import { NotFound } from '../../lib/errors.ts';
import { postToRegisteredUrl, type ResolveHost } from '../../lib/outgoing-request.ts';
import {
  deleteForwarding,
  findForwarding,
  markDelivered,
  markForwardingFailed,
  releaseForwardingLease,
  takeForwardingLease,
  upsertForwarding,
  type ForwardingRow,
} from './queries/forwarding.ts';
import { auditEventsAfter, countAuditAfter, newestAuditId } from '../../queries/audit.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { refuseForbiddenUrls } from '../registered-urls.ts';
import { toActivityRow } from './activity.ts';

/** The pg-boss queue of delivery rounds (also run every minute by the schedule). */
export const AUDIT_FORWARD_JOB = 'audit-forward';

const BACKLOG_CAP = 10_000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const BATCH = 100;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function stateOf(deps: Pick<Deps, 'db'>, row: ForwardingRow | null): Promise<ForwardingState> {
  if (!row) {
    return {
      configured: false,
      url: null,
      delivered_id: null,
      delivered_at: null,
      backlog: 0,
      failures: 0,
      last_error: null,
      last_failed_at: null,
      updated_at: null,
    };
  }
  return {
    configured: true,
    url: row.url,
    delivered_id: row.delivered_id,
    delivered_at: iso(row.delivered_at),
    backlog: await countAuditAfter(deps.db, row.delivered_id, BACKLOG_CAP),
    failures: row.failures,
    last_error: row.last_error,
    last_failed_at: iso(row.last_failed_at),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function forwardingState(deps: Pick<Deps, 'db'>): Promise<ForwardingState> {
  return stateOf(deps, await findForwarding(deps.db));
}

/**
 * Sets the webhook (the secret stored encrypted), audited without the secret. A new URL receives the events
 * written from now on; the first delivery round starts at once.
 */
export async function setForwarding(
  deps: Pick<Deps, 'db' | 'clock' | 'encryptor' | 'queue' | 'config'>,
  actor: Actor,
  input: { url: string; secret: string },
): Promise<ForwardingState> {
  refuseForbiddenUrls(deps, [{ label: 'Webhook URL', url: input.url, caller: 'portal' }]);
  const row = await inTransaction(deps.db, async (tx) => {
    const saved = await upsertForwarding(tx, {
      url: input.url,
      secretEnc: deps.encryptor.encrypt(input.secret),
      fromId: await newestAuditId(tx),
      now: deps.clock.now(),
      by: actor.userId,
    });
    await auditAdmin(deps, tx, actor, AuditEvent.AuditForwardingSet, { details: { url: input.url } });
    return saved;
  });
  await deps.queue.send(AUDIT_FORWARD_JOB, {});
  return stateOf(deps, row);
}

export async function removeForwarding(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor): Promise<ForwardingState> {
  return inTransaction(deps.db, async (tx) => {
    const removed = await deleteForwarding(tx);
    if (!removed) throw new NotFound('No webhook is set.');
    await auditAdmin(deps, tx, actor, AuditEvent.AuditForwardingRemoved, { details: { url: removed.url } });
    return stateOf(deps, null);
  });
}

interface ForwardOptions {
  /** A round stops taking new events after this long (the next round goes on). */
  budgetMs?: number;
  resolve?: ResolveHost;
}

type ForwardResult = { delivered: number; idle?: 'no webhook' | 'another worker delivers' };

/**
 * One delivery round: under a lease (one worker at a time), POSTs each event after the cursor, in id order, signed,
 * and moves the cursor past it only once the webhook answered 2xx; so a success is never sent again. A failure
 * is recorded and thrown: pg-boss retries the round, which starts again at the same event.
 */
export async function forwardAuditEvents(
  deps: Pick<Deps, 'db' | 'clock' | 'encryptor' | 'config'>,
  options: ForwardOptions = {},
): Promise<ForwardResult> {
  const holder = randomUUID();
  const started = deps.clock.now().getTime();
  const leaseUntil = () => new Date(deps.clock.now().getTime() + LEASE_MS);
  const row = await takeForwardingLease(deps.db, holder, deps.clock.now(), leaseUntil());
  if (!row) return { delivered: 0, idle: (await findForwarding(deps.db)) ? 'another worker delivers' : 'no webhook' };
  const secret = deps.encryptor.decrypt(row.secret_enc);
  const policy = { ...destinationPolicy(deps.config.publicUrl), timeoutMs: TIMEOUT_MS, resolve: options.resolve };
  let cursor = row.delivered_id;
  let delivered = 0;
  try {
    while (deps.clock.now().getTime() - started < (options.budgetMs ?? 50_000)) {
      const events = await auditEventsAfter(deps.db, cursor, BATCH);
      const unsettled = events.findIndex((e) => !e.settled);
      const ready = unsettled === -1 ? events : events.slice(0, unsettled);
      for (const event of ready) {
        const body = JSON.stringify(toActivityRow(event));
        const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
        const headers = {
          'content-type': 'application/json',
          'x-portal-event-id': event.id,
          [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
        };
        const result = await postToRegisteredUrl({ url: row.url, headers, body }, policy);
        if (!result.ok) {
          await markForwardingFailed(deps.db, { holder, url: row.url, reason: result.reason, now: deps.clock.now() });
          throw new Error(`audit forwarding of event ${event.id} failed: ${result.reason}`);
        }
        const moved = await markDelivered(deps.db, {
          holder,
          url: row.url,
          fromId: cursor,
          toId: event.id,
          now: deps.clock.now(),
          leaseUntil: leaseUntil(),
        });
        if (!moved) return { delivered }; // the webhook was changed or removed meanwhile
        cursor = event.id;
        delivered++;
      }
      if (ready.length < BATCH) break;
    }
    return { delivered };
  } finally {
    await releaseForwardingLease(deps.db, holder);
  }
}
