import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import {
  anyRunActive,
  giveUpDetails,
  holdDetailsLease,
  nextWantedRows,
  placeListedMembers,
  releaseDetailsLease,
  stillWanted,
  storeDetails,
  takeDetailsLease,
  type DetailsLeaseTerms,
  type WantedRow,
} from './queries/details.ts';
import { randomUUID } from 'node:crypto';
import { LEASE_MS, LeaseLost } from './lease.ts';
import { callInBudget, SyncPaused, SyncTargetFailed, type CallPolicy } from './swc-call.ts';
import { ALL_ORDER, detailOf } from './targets.ts';

export interface FillOptions {
  sleep(ms: number): Promise<void>;
  /** Budget waits up to this long are slept through; longer ones pause the fill until then. */
  maxSleepMs: number;
  /** Asked before each row: true ends this job's share (the next job goes on). */
  shouldStop(): boolean;
  /** The presence id of the worker process running the job (see worker-presence.ts). */
  worker?: number | null;
  /** Told of a row whose details SWCombine refused (it keeps what its list entry gave). */
  onRefused?(kind: string, uid: string, reason: string): void;
}

export type FillOutcome =
  /** Every row has its details (or SWCombine refused them). */
  | { state: 'done'; filled: number }
  /** Stopped between two rows: go on at `resumeAt` (now when the job's time was up). */
  | { state: 'paused'; filled: number; resumeAt: Date }
  /** A sync run is queued or running: it goes first, and starts the fill again when it ends. */
  | { state: 'yielded'; filled: number }
  /** Another job holds the fill. */
  | { state: 'superseded' };

type FillDeps = Pick<Deps, 'db' | 'clock' | 'swc'>;

/** After SWCombine kept failing, the fill tries again this much later. */
const FAILING_PAUSE_MS = 60_000;
/** Rows read from the database at a time, in the fill's order. */
const BATCH = 100;

/**
 * Reads the details the lists lack, one row at a time, for rows stored without them (see
 * read-list.ts): the most recent run's rows first, systems before the planets and stations their
 * details place. Every call is background work of the request budget, so sign-ins keep their
 * reserve; the fill steps aside while a sync run is queued or running. One job across all replicas
 * works it (it holds the fill's lease, renewed with each row); a killed job's successor goes on at
 * the first row without details, having lost at most the call in flight.
 */
export async function fillDetails(deps: FillDeps, opts: FillOptions): Promise<FillOutcome> {
  const holder = randomUUID();
  const terms = (from = deps.clock.now()): DetailsLeaseTerms => ({
    holder,
    until: new Date(from.getTime() + LEASE_MS),
    worker: opts.worker ?? null,
  });
  if (!(await takeDetailsLease(deps.db, terms(), deps.clock.now()))) return { state: 'superseded' };
  let filled = 0;
  const pause = async (resumeAt: Date): Promise<FillOutcome> => {
    const now = deps.clock.now();
    await releaseDetailsLease(deps.db, holder, resumeAt > now ? resumeAt : now);
    return { state: 'paused', filled, resumeAt };
  };
  const policy: CallPolicy = {
    swc: deps.swc,
    clock: deps.clock,
    sleep: opts.sleep,
    maxSleepMs: opts.maxSleepMs,
    async onWait(until) {
      if (!(await holdDetailsLease(deps.db, terms(until ?? deps.clock.now())))) throw new LeaseLost();
    },
  };
  try {
    filled += await placeListedMembers(deps.db);
    let batch: WantedRow[] = [];
    for (;;) {
      if (await anyRunActive(deps.db)) {
        await releaseDetailsLease(deps.db, holder, deps.clock.now());
        return { state: 'yielded', filled };
      }
      if (opts.shouldStop()) return await pause(deps.clock.now());
      if (batch.length === 0) batch = await nextWantedRows(deps.db, ALL_ORDER, BATCH);
      const wanted = batch.shift();
      if (!wanted) {
        await releaseDetailsLease(deps.db, holder, deps.clock.now());
        return { state: 'done', filled };
      }
      if (!(await stillWanted(deps.db, wanted))) continue;
      try {
        filled += await fillRow(deps, policy, wanted, terms);
      } catch (err) {
        if (err instanceof SyncPaused) return await pause(err.resumeAt);
        if (!(err instanceof SyncTargetFailed)) throw err;
        // SWCombine answered, refusing this row: asking again would not help.
        if (err.status !== undefined) {
          await giveUpDetails(deps.db, wanted);
          opts.onRefused?.(wanted.kind, wanted.entity.uid, err.message);
          continue;
        }
        return await pause(new Date(deps.clock.now().getTime() + FAILING_PAUSE_MS));
      }
    }
  } catch (err) {
    if (err instanceof LeaseLost) return { state: 'superseded' };
    // The database may be what failed: then the lease simply runs out.
    await releaseDetailsLease(deps.db, holder, deps.clock.now()).catch(() => undefined);
    throw err;
  }
}

/** One row's detail call, stored in one transaction with what it places; answers the rows filled. */
async function fillRow(deps: FillDeps, policy: CallPolicy, wanted: WantedRow, terms: () => DetailsLeaseTerms): Promise<number> {
  const detail = detailOf(wanted.kind);
  if (!detail) {
    await giveUpDetails(deps.db, wanted);
    return 0;
  }
  const answer = await callInBudget(policy, { path: detail.path(wanted.entity.uid), schema: detail.schema, what: detail.what });
  const entity = detail.complete(wanted.entity, answer);
  return inTransaction(deps.db, async (tx) => {
    if (!(await holdDetailsLease(tx, terms()))) throw new LeaseLost();
    // A run changed the row's list entry meanwhile: it waits for the details of that entry.
    if (!(await storeDetails(tx, wanted, entity))) return 0;
    await detail.alsoStore?.(tx, [entity]);
    const placed = wanted.kind === 'systems' ? await placeListedMembers(tx, [entity.uid]) : 0;
    return 1 + placed;
  });
}
