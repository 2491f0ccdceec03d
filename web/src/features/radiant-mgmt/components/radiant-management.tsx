import type { SyncTarget } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ActionFeedback } from '@/components/action-feedback.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { isRunActive, useSyncHistory } from '../api/get-sync-history.ts';
import { useSyncTargets } from '../api/get-sync-targets.ts';
import { useTriggerSync } from '../api/trigger-sync.ts';
import { RecentJobs } from './recent-jobs.tsx';
import { SyncSchedules } from './sync-schedules.tsx';
import { TargetFigures } from './target-figures.tsx';
import { TriggerGrid } from './trigger-grid.tsx';
import { useTriggerOutcome } from './use-trigger-outcome.ts';

/** The stats change when a run finishes: read them again once the history shows fewer runs in progress. */
function useStatsAfterRunsFinish(activeRuns: number) {
  const queryClient = useQueryClient();
  const previous = useRef(activeRuns);
  useEffect(() => {
    if (activeRuns < previous.current) void queryClient.invalidateQueries({ queryKey: queryKeys.radiantMgmt.targets });
    previous.current = activeRuns;
  }, [activeRuns, queryClient]);
}

/** The admin's view of /admin/radiant-mgmt: trigger a sync, see what happened and what is stored, schedule syncs. */
export function RadiantManagement() {
  const history = useSyncHistory();
  const targets = useSyncTargets();
  const trigger = useTriggerSync();
  const outcome = useTriggerOutcome(history.data);
  useStatsAfterRunsFinish(history.data?.filter(isRunActive).length ?? 0);

  const onTrigger = (target: SyncTarget) => {
    outcome.clear();
    trigger.mutate(target, {
      onSuccess: (answer) => outcome.triggered(target, answer.message),
      onError: outcome.refused,
    });
  };

  return (
    <Stack gap="lg">
      <TriggerGrid stats={targets.data} pending={trigger.isPending ? (trigger.variables ?? null) : null} onTrigger={onTrigger} />
      {/* Under the buttons, scrolled into view: a phone shows only a few of the fourteen at a time. */}
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      <RecentJobs history={history} />
      <TargetFigures targets={targets} />
      <SyncSchedules />
    </Stack>
  );
}
