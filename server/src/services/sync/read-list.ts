import type { SyncProgress, SyncTarget } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { advanceCheckpoint, openCheckpoint, type Checkpoint, type PageCounts } from './queries/checkpoints.ts';
import { lockStoredStates, storedHashes, touchEntities, upsertEntities, type StoredState } from './queries/entities.ts';
import { renewWithPage } from './queries/leases.ts';
import { LeaseLost, type RunLease } from './lease.ts';
import { callInBudget, SyncPaused, SyncTargetFailed, type CallPolicy } from './swc-call.ts';
import { afterPage } from './swc-lists.ts';
import type { Entity, ListSegment } from './list-segment.ts';

export interface ListReader {
  deps: Pick<Deps, 'db' | 'clock'>;
  policy: CallPolicy;
  runId: string;
  /** When the run was requested: rows it finds new or changed wait for their details from then. */
  wantedAt: Date;
  /** This job's hold on the run: every stored page renews it, and a page is not stored without it. */
  lease: RunLease;
  accessToken?: string;
  /** Asked before each page: true ends this job's share of the run (it resumes from the checkpoint). */
  shouldStop(): boolean;
  /** The run's progress after a page of this list. */
  progress(checkpoint: Checkpoint): SyncProgress;
}

type Verdict = 'new' | 'changed' | 'unchanged' | 'again';

function verdictOf(row: Entity, stored: StoredState | undefined, runId: string): Verdict {
  if (!stored || stored.gone) return 'new';
  // Already read by this run (the list moved between two pages): stored, not counted twice.
  if (stored.runId === runId) return 'again';
  return stored.hash === row.hash ? 'unchanged' : 'changed';
}

/** One row per UID: a page may repeat a row. */
const uniqueByUid = (rows: Entity[]) => [...new Map(rows.map((r) => [r.uid, r])).values()];

/** UIDs whose list entry is new or changed: only they need their details read (others keep what is stored). */
async function needingDetail(reader: ListReader, target: SyncTarget, segment: ListSegment, rows: Entity[]): Promise<Set<string>> {
  if (!segment.detail) return new Set();
  const stored = await storedHashes(
    reader.deps.db,
    target,
    rows.map((r) => r.uid),
  );
  return new Set(rows.filter((r) => stored.get(r.uid) !== r.hash).map((r) => r.uid));
}

/** Of the rows needing details, those completed from what is already stored (no call). */
async function completedFromStored(reader: ListReader, segment: ListSegment, rows: Entity[], needed: Set<string>) {
  const fromStored = segment.detail?.fromStored;
  if (!fromStored || needed.size === 0) return new Map<string, Entity>();
  return fromStored(
    reader.deps.db,
    rows.filter((r) => needed.has(r.uid)),
  );
}

/** Writes rows of a page, their counts and the checkpoint past them in one transaction. */
async function storeRows(
  reader: ListReader,
  segment: ListSegment,
  checkpoint: Checkpoint,
  pageRows: Entity[],
  next: { nextStartIndex: number; total: number; done: boolean },
): Promise<Checkpoint> {
  const rows = uniqueByUid(pageRows);
  const { db, clock } = reader.deps;
  return inTransaction(db, async (tx) => {
    const now = clock.now();
    const states = await lockStoredStates(
      tx,
      checkpoint.target,
      rows.map((r) => r.uid),
    );
    const counts: PageCounts = { ...checkpoint.counts };
    const write: Entity[] = [];
    const touch: string[] = [];
    for (const row of rows) {
      const stored = states.get(row.uid);
      const verdict = verdictOf(row, stored, reader.runId);
      if (verdict !== 'again') counts[verdict] += 1;
      // A row read again unchanged keeps what this run stored (a plain list entry would lose its detail).
      if (verdict === 'unchanged' || (verdict === 'again' && stored?.hash === row.hash)) touch.push(row.uid);
      else write.push(row);
    }
    await upsertEntities(tx, checkpoint.target, { runId: reader.runId, wantedAt: reader.wantedAt }, now, write);
    await segment.detail?.alsoStore?.(tx, write);
    await touchEntities(tx, checkpoint.target, reader.runId, now, touch);
    const after: Checkpoint = { ...checkpoint, ...next, counts };
    // Another job moved the checkpoint or took the run over: this page is theirs to store.
    if (!(await advanceCheckpoint(tx, reader.runId, checkpoint.segment, checkpoint.nextStartIndex, after))) throw new LeaseLost();
    if (!(await renewWithPage(tx, reader.lease.terms(), reader.progress(after)))) throw new LeaseLost();
    return after;
  });
}

/**
 * Reads a list from its checkpoint to the end, a page at a time at the largest page size the
 * endpoint allows, each page stored with its checkpoint, so a run stopped anywhere resumes at the
 * first row it had not stored. A new or changed row whose list entry lacks fields is stored as the
 * list gives it, marked for the details fill (see fill-details.ts), unless what is already stored
 * completes it (a planet listed by a stored system).
 */
export async function readList(reader: ListReader, target: SyncTarget, segment: ListSegment): Promise<Checkpoint> {
  let checkpoint = await openCheckpoint(reader.deps.db, reader.runId, target, segment.segment, reader.deps.clock.now());
  while (!checkpoint.done) {
    if (reader.shouldStop()) throw new SyncPaused(reader.deps.clock.now());
    const page = await callInBudget(reader.policy, {
      path: segment.path,
      accessToken: reader.accessToken,
      query: { start_index: checkpoint.nextStartIndex, item_count: segment.pageSize },
      schema: segment.schema,
      what: segment.what,
    });
    const parsed = page.items.map((item) => segment.toEntity(item));
    if (parsed.some((row) => row === null)) {
      throw new SyncTargetFailed(`SWCombine answered ${segment.what} with a row this portal cannot read; nothing after it was stored.`);
    }
    const rows = parsed as Entity[];
    const wanting = await needingDetail(reader, target, segment, rows);
    const completed = await completedFromStored(reader, segment, rows, wanting);
    const toStore = rows.map((row) => completed.get(row.uid) ?? (wanting.has(row.uid) ? { ...row, detailsPending: true } : row));
    const { next, last } = afterPage(page.attributes);
    checkpoint = await storeRows(reader, segment, checkpoint, toStore, { nextStartIndex: next, total: page.attributes.total, done: last });
  }
  return checkpoint;
}
