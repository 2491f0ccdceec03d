import { AuditEvent, type GroupRequestOutcome, type PendingRequest, type RequestAnswer } from '@portal/contract';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound, Refused, TooMany } from '../../lib/errors.ts';
import { insertAudit } from '../../queries/audit.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { futureUntil } from './admin-groups.ts';
import { appNames } from './app-names.ts';
import { membershipChangeIn } from './access-follows.ts';
import { addMembers, findGroup, type GroupRow } from './queries/groups.ts';
import {
  answerRequest,
  countJoinsSince,
  countRequestsSince,
  expireDue,
  insertRequest,
  listPending,
  lockJoining,
  lockRequest,
  findRequest,
  type PendingRow,
} from './queries/requests.ts';

type ChangeDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>;

/** Requests one player may make an hour (withdrawn ones count): enough to ask every group, too few to flood managers. */
const REQUESTS_PER_HOUR = 10;
/** Open groups one player may join an hour (a group left and joined again counts each time): no join-and-leave loop. */
const JOINS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

const DAY_MS = 86_400_000;

/**
 * A player asks to join a group: an `open` one lets them in at once (through the one way access follows a group
 * change), a `request` one keeps a pending request for its managers; a closed group or a faction refuses in words.
 */
export async function askToJoin(deps: ChangeDeps, player: Actor, groupId: string, note: string | null): Promise<GroupRequestOutcome> {
  const group = await findGroup(deps.db, groupId);
  if (!group) throw new NotFound('No group with this id.');
  if (group.kind === 'faction') {
    throw new Refused('forbidden', `${group.name} is a SWCombine faction: you join it in the game, not here.`);
  }
  if (group.joining === 'closed') {
    throw new Refused('forbidden', `${group.name} is closed: only its managers and the admins add members. Ask one of them.`);
  }
  if (group.joining === 'open') return joinOpenGroup(deps, player, group);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    await mustNotBeIn(tx, player.userId, group);
    await mustBeUnderHourlyLimit(tx, player.userId, now, {
      limit: REQUESTS_PER_HOUR,
      counted: countRequestsSince,
      refusal: `You asked to join ${REQUESTS_PER_HOUR} groups in the last hour. Try again later.`,
    });
    const expiresAt = new Date(now.getTime() + deps.config.groupRequestDays * DAY_MS);
    const id = await insertRequest(tx, { groupId, userId: player.userId, note: note ?? '', now, expiresAt });
    if (!id) throw new Conflict(`You already asked to join ${group.name}: its managers have not answered yet.`);
    await insertAudit(tx, {
      event: AuditEvent.GroupRequested,
      userId: player.userId,
      ip: player.meta.ip,
      userAgent: player.meta.userAgent,
      at: now,
      details: { group: group.name, group_id: groupId, request_id: id },
    });
    return {
      status: 'pending',
      request_id: id,
      message: `You asked to join ${group.name}. Its managers will answer; the request expires after ${deps.config.groupRequestDays} days.`,
    };
  });
}

/**
 * Refuses (429, with when to try again) a player who made `limit` requests or joins, as `counted` counts them, in the
 * hour before `now`. The player's row is locked first: two at once cannot both slip under the limit.
 */
async function mustBeUnderHourlyLimit(
  tx: DbClient,
  userId: string,
  now: Date,
  { limit, counted, refusal }: { limit: number; counted: typeof countRequestsSince; refusal: string },
): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const recent = await counted(tx, userId, new Date(now.getTime() - HOUR_MS));
  if (recent.count >= limit) throw new TooMany(refusal, new Date((recent.oldest ?? now).getTime() + HOUR_MS));
}

async function mustNotBeIn(tx: DbClient, userId: string, group: { id: string; name: string }): Promise<void> {
  const { rowCount } = await tx.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2 AND left_at IS NULL', [
    group.id,
    userId,
  ]);
  if (rowCount) throw new Conflict(`You are already in ${group.name}.`);
}

async function joinOpenGroup(deps: ChangeDeps, player: Actor, group: GroupRow): Promise<GroupRequestOutcome> {
  const opened = await inTransaction(deps.db, async (tx) => {
    await mustBeUnderHourlyLimit(tx, player.userId, deps.clock.now(), {
      limit: JOINS_PER_HOUR,
      counted: countJoinsSince,
      refusal: `You joined open groups ${JOINS_PER_HOUR} times in the last hour. Try again later.`,
    });
    const { gained } = await membershipChangeIn(deps, tx, { userIds: [player.userId], groupIds: [group.id] }, async () => {
      await mustNotBeIn(tx, player.userId, group);
      await addMembers(tx, group.id, [player.userId], 'joined', deps.clock.now());
    });
    const names = await appNames(tx, gained.get(player.userId) ?? []);
    await insertAudit(tx, {
      event: AuditEvent.GroupEntered,
      userId: player.userId,
      ip: player.meta.ip,
      userAgent: player.meta.userAgent,
      at: deps.clock.now(),
      details: { group: group.name, group_id: group.id, apps_opened: names },
    });
    return names;
  });
  const message = opened.length ? `You joined ${group.name}: you may now open ${opened.join(', ')}.` : `You joined ${group.name}.`;
  return { status: 'joined', request_id: null, message };
}

/** The player withdraws their own pending request; another player's is a 404, as one that does not exist. */
export async function withdrawRequest(deps: Pick<Deps, 'db' | 'clock'>, player: Actor, requestId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request || request.user_id !== player.userId) throw new NotFound('You have no request with this id.');
    if (request.status !== 'pending') throw new Conflict(`This request was already ${request.status}.`);
    const now = deps.clock.now();
    await answerRequest(tx, requestId, { status: 'withdrawn', by: player.userId, at: now });
    await insertAudit(tx, {
      event: AuditEvent.GroupRequestWithdrawn,
      userId: player.userId,
      ip: player.meta.ip,
      userAgent: player.meta.userAgent,
      at: now,
      details: { group: request.group_name, group_id: request.group_id, request_id: requestId },
    });
  });
}

/** Who may answer a request: an admin (any group's), or a manager of its group (their guard checked that). */
interface Answerer {
  actor: Actor;
  by: 'admin' | 'manager';
}

function mustBePending(request: { status: string; expires_at: Date }, now: Date): void {
  if (request.status !== 'pending') throw new Conflict(`This request was already ${request.status}.`);
  if (request.expires_at.getTime() <= now.getTime()) throw new Conflict('This request expired: the player may ask again.');
}

/** A closed group's requests were refused when it closed: none is approved after, whatever its state says. */
async function mustStillTakeRequests(tx: DbClient, groupId: string): Promise<void> {
  const group = await lockJoining(tx, groupId);
  if (group?.joining === 'closed') {
    throw new Conflict(
      `${group.name} is closed: the requests waiting when it closed were refused. Add the player as a member if they should be in.`,
    );
  }
}

/**
 * Approves a pending request: the player joins the group (with the end date `until`, if given) through the one way
 * access follows a group change, and is told.
 */
export async function approveRequest(
  deps: ChangeDeps,
  { actor, by }: Answerer,
  requestId: string,
  until: string | undefined,
): Promise<RequestAnswer> {
  const ends = futureUntil(deps, until);
  const request = await findRequest(deps.db, requestId);
  if (!request) throw new NotFound('No request with this id.');
  await inTransaction(deps.db, async (tx) => {
    const { gained } = await membershipChangeIn(deps, tx, { userIds: [request.user_id], groupIds: [request.group_id] }, async () => {
      // The group first, as closing it does: a group closing now refuses this request before it is approved.
      await mustStillTakeRequests(tx, request.group_id);
      const locked = (await lockRequest(tx, requestId))!;
      mustBePending(locked, deps.clock.now());
      await addMembers(tx, request.group_id, [request.user_id], 'approved', deps.clock.now(), ends);
      await answerRequest(tx, requestId, { status: 'approved', by: actor.userId, at: deps.clock.now(), until: ends });
    });
    await auditAdmin(deps, tx, actor, AuditEvent.GroupRequestApproved, {
      userId: request.user_id,
      details: {
        group: request.group_name,
        group_id: request.group_id,
        request_id: requestId,
        apps_opened: await appNames(tx, gained.get(request.user_id) ?? []),
        ...(ends ? { until: ends.toISOString() } : {}),
        ...(by === 'manager' ? { by_manager: true } : {}),
      },
    });
  });
  return {
    status: 'approved',
    until: ends?.toISOString() ?? null,
    message: ends
      ? `Approved: the player is in ${request.group_name} until ${ends.toISOString()}.`
      : `Approved: the player is in ${request.group_name}.`,
  };
}

/** Denies a pending request, with the reason the player reads. */
export async function denyRequest(
  deps: Pick<Deps, 'db' | 'clock'>,
  { actor, by }: Answerer,
  requestId: string,
  reason: string | null,
): Promise<RequestAnswer> {
  return inTransaction(deps.db, async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request) throw new NotFound('No request with this id.');
    mustBePending(request, deps.clock.now());
    await answerRequest(tx, requestId, { status: 'denied', by: actor.userId, at: deps.clock.now(), reason });
    await auditAdmin(deps, tx, actor, AuditEvent.GroupRequestDenied, {
      userId: request.user_id,
      details: {
        group: request.group_name,
        group_id: request.group_id,
        request_id: requestId,
        ...(reason ? { reason } : {}),
        ...(by === 'manager' ? { by_manager: true } : {}),
      },
    });
    return { status: 'denied', until: null, message: `Denied: the player is told${reason ? ', with your reason' : ''}.` };
  });
}

function toPendingRequest(row: PendingRow): PendingRequest {
  return {
    id: row.id,
    group_id: row.group_id,
    group_name: row.group_name,
    user_id: row.user_id,
    uid: row.uid,
    name: row.name,
    faction: row.faction,
    note: row.note,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

export async function pendingRequests(deps: Pick<Deps, 'db'>, groupIds: readonly string[]): Promise<PendingRequest[]> {
  return (await listPending(deps.db, groupIds)).map(toPendingRequest);
}

/** Requests no manager answered in GROUP_REQUEST_DAYS expire, and each player is told (their What changed, the notice). */
export async function expireRequests(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ expired: number }> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const expired = await expireDue(tx, now);
    for (const request of expired) {
      await insertAudit(tx, {
        event: AuditEvent.GroupRequestExpired,
        userId: request.user_id,
        at: now,
        details: { group: request.group_name, group_id: request.group_id, request_id: request.id },
      });
    }
    return { expired: expired.length };
  });
}
