import { SYNC_TARGETS, type SyncDetailsBacklog, type SyncRunCounts, type SyncTarget, type SyncTargetStats } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { callsUntilFilled, filledAt } from '../../domain/details-backlog.ts';
import { wantedGroups } from './queries/details.ts';
import { countLiveByKind } from './queries/entities.ts';
import { lastCompletedByTarget, latestRunByTarget, type LastCompleted } from './queries/runs.ts';
import { syncKeeps } from '../../domain/swc-budget.ts';
import { budgetStatus } from '../swcombine/budget.ts';
import { inventoryReadiness } from './binding-access.ts';
import { toSyncRun } from './runs.ts';
import { sumCounts } from './message.ts';
import { ALL_ORDER, DETAILED_KINDS } from './targets.ts';

const later = (a: LastCompleted | undefined, b: LastCompleted | undefined) => (a && b ? (a.at > b.at ? a : b) : (a ?? b));

/**
 * Per target (in screen order): rows stored and not gone; its last complete run (its own or the part of
 * an `all` that read it) with what that run found new, changed and gone; for kinds whose lists lack
 * fields, how many rows have their details and when the rest should, at the current request budget; its
 * own latest run; and what it needs before it can run (the inventory, a binding).
 */
export async function syncTargetStats(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<SyncTargetStats[]> {
  const [live, completed, latest, groups, budget, inventory] = await Promise.all([
    countLiveByKind(deps.db),
    lastCompletedByTarget(deps.db),
    latestRunByTarget(deps.db),
    wantedGroups(deps.db),
    budgetStatus(deps),
    inventoryReadiness(deps),
  ]);
  const now = deps.clock.now();
  const calls = callsUntilFilled(groups, ALL_ORDER);
  const pending = new Map<string, number>();
  for (const g of groups) pending.set(g.kind, (pending.get(g.kind) ?? 0) + g.rows);
  const background = { ...budget, reserve: syncKeeps(budget), windowSeconds: deps.config.swc.budget.windowSeconds };

  const detailsOf = (kinds: readonly string[]): SyncDetailsBacklog => {
    const rows = kinds.reduce((s, k) => s + (live.get(k) ?? 0), 0);
    const waiting = kinds.reduce((s, k) => s + (pending.get(k) ?? 0), 0);
    const lastCall = Math.max(0, ...kinds.map((k) => calls.get(k) ?? 0));
    const at = waiting > 0 ? filledAt(lastCall, background, now) : null;
    return { filled: rows - waiting, rows, completeAt: at ? at.toISOString() : null };
  };

  return SYNC_TARGETS.map((target): SyncTargetStats => {
    const all = completed.get('all');
    // An `all` that skipped the target (the inventory without a binding) did not read it.
    const last = target === 'all' ? all : later(completed.get(target), all?.counts.has(target) ? all : undefined);
    const counts: SyncRunCounts | null = last
      ? target === 'all'
        ? sumCounts([...last.counts.values()])
        : (last.counts.get(target) ?? sumCounts([]))
      : null;
    const rows = target === 'all' ? [...live.values()].reduce((s, n) => s + n, 0) : (live.get(target) ?? 0);
    const detailed = target === 'all' ? DETAILED_KINDS : DETAILED_KINDS.filter((k) => k === (target as SyncTarget));
    return {
      target,
      rows,
      lastCompleteAt: last ? last.at.toISOString() : null,
      lastRun: counts,
      details: detailed.length ? detailsOf(detailed) : null,
      latestRun: latest.has(target) ? toSyncRun(latest.get(target)!) : null,
      needsBinding: target === 'inventory' && 'missing' in inventory ? inventory.missing : null,
    };
  });
}
