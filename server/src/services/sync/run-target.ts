import type { SyncProgress, SyncTarget } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { checkpointsOf, closeTarget, goneSegment, type Checkpoint, type PageCounts } from './queries/checkpoints.ts';
import { markUnseenGone } from './queries/entities.ts';
import { holdLease } from './queries/leases.ts';
import { CONNECT_BINDING_FIRST, getBindingAccess, type InventoryKind } from './binding-access.ts';
import { sumCounts } from './message.ts';
import { LeaseLost, type RunLease } from './lease.ts';
import { readList, type ListReader } from './read-list.ts';
import { SyncTargetFailed, SyncTargetSkipped, type CallPolicy } from './swc-call.ts';
import type { ListSegment } from './list-segment.ts';
import { inventorySegments, segmentsOf } from './targets.ts';

export interface TargetRun {
  deps: Pick<Deps, 'db' | 'clock' | 'encryptor'>;
  policy: CallPolicy;
  runId: string;
  /** When the run was requested (the details of the rows it finds new or changed are wanted since). */
  wantedAt: Date;
  lease: RunLease;
  shouldStop(): boolean;
  /** The part of the run this target is, for the progress: `all` counts its targets. */
  step: { step: number; steps: number } | null;
  /** Keeps the latest progress (each page writes it with the page). */
  remember(progress: SyncProgress): void;
}

interface TargetResult {
  counts: PageCounts;
  /** Anything the summary must add, e.g. inventory kinds the binding does not open. */
  note?: string;
}

/** UID type numbers of the inventory kinds, so gone rows are only looked for among kinds read. */
const INVENTORY_UID_TYPES: Record<InventoryKind, string> = {
  ships: '2',
  vehicles: '3',
  stations: '5',
  facilities: '4',
  items: '12',
  droids: '13',
};

interface Plan {
  segments: ListSegment[];
  accessToken?: string;
  uidTypes: string[] | null;
  note?: string;
}

async function planOf(run: TargetRun, target: Exclude<SyncTarget, 'all'>): Promise<Plan> {
  if (target !== 'inventory') return { segments: segmentsOf(target), uidTypes: null };
  const access = await getBindingAccess(run.deps);
  if ('missing' in access) throw new SyncTargetSkipped(access.missing);
  const segments = inventorySegments(access.factionUid).filter((s) => access.kinds.some((k) => s.segment === `inventory/${k}`));
  const unread = segments.length < 6 ? `not read (no scope): ${inventoryKindsMissing(access.kinds).join(', ')}` : undefined;
  return { segments, accessToken: access.accessToken, uidTypes: access.kinds.map((k) => INVENTORY_UID_TYPES[k]), note: unread };
}

const inventoryKindsMissing = (kinds: InventoryKind[]) =>
  (Object.keys(INVENTORY_UID_TYPES) as InventoryKind[]).filter((k) => !kinds.includes(k));

/**
 * Reads every list of a target from its checkpoints, then marks the rows it did not see gone. A
 * target this run already finished (before a restart) is not read again.
 */
export async function runTarget(run: TargetRun, target: Exclude<SyncTarget, 'all'>): Promise<TargetResult> {
  const { db, clock } = run.deps;
  const earlier = await checkpointsOf(db, run.runId, target);
  const closed = earlier.find((c) => c.segment === goneSegment(target));
  if (closed) return { counts: sumCounts(earlier.map((c) => c.counts)) };

  const plan = await planOf(run, target);
  const seen = new Map<string, Checkpoint>(earlier.map((c) => [c.segment, c]));
  const reader: ListReader = {
    deps: run.deps,
    policy: run.policy,
    runId: run.runId,
    wantedAt: run.wantedAt,
    lease: run.lease,
    accessToken: plan.accessToken,
    shouldStop: run.shouldStop,
    progress(checkpoint) {
      seen.set(checkpoint.segment, checkpoint);
      const all = [...seen.values()];
      const counts = sumCounts(all.map((c) => c.counts));
      const total = all.every((c) => c.total !== null) ? all.reduce((s, c) => s + (c.total ?? 0), 0) : null;
      const progress: SyncProgress = { target, ...run.step, done: counts.new + counts.changed + counts.unchanged, total };
      run.remember(progress);
      return progress;
    },
  };
  for (const segment of plan.segments) {
    await readList(reader, target, segment).catch((err: unknown) => {
      // SWCombine no longer takes the binding's token (revoked, expired, scope withdrawn).
      if (plan.accessToken && err instanceof SyncTargetFailed && (err.status === 401 || err.status === 403)) {
        throw new SyncTargetFailed(`${err.message}. ${CONNECT_BINDING_FIRST}`, err.status);
      }
      throw err;
    });
  }

  const read = await checkpointsOf(db, run.runId, target);
  const readStartedAt = new Date(Math.min(...read.map((c) => c.startedAt.getTime()), clock.now().getTime()));
  const gone = await inTransaction(db, async (tx) => {
    if (!(await holdLease(tx, run.lease.terms()))) throw new LeaseLost();
    const at = clock.now();
    const n = await markUnseenGone(tx, target, { runId: run.runId, readStartedAt, at }, plan.uidTypes);
    await closeTarget(tx, run.runId, target, n, at);
    return n;
  });
  return { counts: { ...sumCounts(read.map((c) => c.counts)), gone }, note: plan.note };
}
