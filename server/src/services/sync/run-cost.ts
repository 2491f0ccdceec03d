import type { SyncRunCost, SyncSkippedTarget, SyncTarget } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { callsUntilFilled, filledAt, type BackgroundBudget } from '../../domain/details-backlog.ts';
import { latestListTotals } from './queries/checkpoints.ts';
import { wantedGroups } from './queries/details.ts';
import { syncKeeps } from '../../domain/swc-budget.ts';
import { budgetStatus } from '../swcombine/budget.ts';
import { inventoryReadiness, type BindingReadiness } from './binding-access.ts';
import type { ListSegment } from './list-segment.ts';
import { ALL_ORDER, inventorySegments, segmentsOf } from './targets.ts';

type Part = Exclude<SyncTarget, 'all'>;

/** The lists a run of `target` reads: the inventory's are those the binding's scopes open (none without one). */
function listsOf(target: Part, inventory: BindingReadiness): ListSegment[] {
  if (target !== 'inventory') return segmentsOf(target);
  if ('missing' in inventory) return [];
  return inventorySegments(inventory.factionUid).filter((s) => inventory.kinds.some((k) => s.segment === `inventory/${k}`));
}

/** List pages: a list at its last known length takes that many pages (at least one); a list never read, one at least. */
function listPages(lists: ListSegment[], totals: Map<string, number>): { pages: number; unknown: number } {
  let pages = 0;
  let unknown = 0;
  for (const list of lists) {
    const total = totals.get(list.segment);
    if (total === undefined) unknown += 1;
    pages += total === undefined ? 1 : Math.max(1, Math.ceil(total / list.pageSize));
  }
  return { pages, unknown };
}

/**
 * What a run of `target` would spend if triggered now, from the figures the sync keeps: every list at the
 * length SWCombine gave at its last read, then the details the background fill reads until the target's
 * rows have theirs (the fill's order puts other kinds first), and when both should be done at this budget.
 * Rows the run finds new or changed add details of their own: they are only known once read.
 */
export async function syncRunCost(deps: Pick<Deps, 'db' | 'clock' | 'config'>, target: SyncTarget): Promise<SyncRunCost> {
  const [totals, groups, inventory, budget] = await Promise.all([
    latestListTotals(deps.db),
    wantedGroups(deps.db),
    inventoryReadiness(deps),
    budgetStatus(deps),
  ]);
  const parts: readonly Part[] = target === 'all' ? ALL_ORDER : [target];
  const skipped: SyncSkippedTarget[] =
    'missing' in inventory && parts.includes('inventory') ? [{ target: 'inventory', reason: inventory.missing }] : [];
  const { pages, unknown } = listPages(
    parts.flatMap((part) => listsOf(part, inventory)),
    totals,
  );
  const calls = callsUntilFilled(groups, ALL_ORDER);
  const details = Math.max(0, ...parts.map((part) => calls.get(part) ?? 0));

  // The sync leaves the sign-ins' reserve and the rosters' share: what it may spend is the rest.
  const background: BackgroundBudget = { ...budget, reserve: syncKeeps(budget), windowSeconds: deps.config.swc.budget.windowSeconds };
  const now = deps.clock.now();
  const at = (requests: number) => filledAt(requests, background, now)?.toISOString() ?? null;
  const perWindow = Math.max(0, budget.limit - syncKeeps(budget));
  return {
    target,
    listRequests: pages,
    unknownLists: unknown,
    detailRequests: details,
    listsDoneAt: at(pages),
    doneAt: at(pages + details),
    backgroundPerHour: Math.round((perWindow * 3600) / background.windowSeconds),
    skipped,
  };
}
