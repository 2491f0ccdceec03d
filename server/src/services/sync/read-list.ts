import type { SyncProgress, SyncTarget } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { advanceCheckpoint, openCheckpoint, type Checkpoint, type PageCounts } from '../../queries/sync-checkpoints.ts';
import { lockStoredStates, storedHashes, touchEntities, upsertEntities, type StoredState } from '../../queries/sync-entities.ts';
import { setProgress } from '../../queries/sync-runs.ts';
import { callInBudget, SyncPaused, SyncTargetFailed, type CallPolicy } from './swc-call.ts';
import { afterPage } from './swc-lists.ts';
import type { Entity, ListSegment } from './targets.ts';

export interface ListReader {
  deps: Pick<Deps, 'db' | 'clock'>;
  policy: CallPolicy;
  runId: string;
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

/** Completes rows whose list entry is new or changed with their detail answer; others keep what is stored. */
async function withDetails(reader: ListReader, target: SyncTarget, segment: ListSegment, rows: Entity[]): Promise<Entity[]> {
  const detail = segment.detail;
  if (!detail) return rows;
  const stored = await storedHashes(
    reader.deps.db,
    target,
    rows.map((r) => r.uid),
  );
  const completed: Entity[] = [];
  for (const row of rows) {
    if (stored.get(row.uid) === row.hash) {
      completed.push(row);
      continue;
    }
    const answer = await callInBudget(reader.policy, { path: detail.path(row.uid), schema: detail.schema, what: detail.what });
    completed.push(detail.complete(row, answer));
  }
  return completed;
}

/** Writes one page, its counts and the checkpoint past it in one transaction. */
async function storePage(
  reader: ListReader,
  checkpoint: Checkpoint,
  rows: Entity[],
  next: { nextStartIndex: number; total: number; done: boolean },
): Promise<Checkpoint> {
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
      const verdict = verdictOf(row, states.get(row.uid), reader.runId);
      if (verdict !== 'again') counts[verdict] += 1;
      if (verdict === 'unchanged') touch.push(row.uid);
      else write.push(row);
    }
    await upsertEntities(tx, checkpoint.target, reader.runId, now, write);
    await touchEntities(tx, checkpoint.target, reader.runId, now, touch);
    const after: Checkpoint = { ...checkpoint, ...next, counts };
    await advanceCheckpoint(tx, reader.runId, checkpoint.segment, after);
    await setProgress(tx, reader.runId, reader.progress(after));
    return after;
  });
}

/**
 * Reads a list from its checkpoint to the end, a page at a time at the largest page size the
 * endpoint allows; each page is stored with its checkpoint, so a run stopped anywhere resumes at
 * the first page it had not stored.
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
    const rows = await withDetails(reader, target, segment, uniqueByUid(parsed as Entity[]));
    const { next, last } = afterPage(page.attributes);
    checkpoint = await storePage(reader, checkpoint, rows, { nextStartIndex: next, total: page.attributes.total, done: last });
  }
  return checkpoint;
}
