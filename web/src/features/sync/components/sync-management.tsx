import type { SyncTarget } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ActionFeedback } from '@/components/action-feedback.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { isRunActive, useSyncHistory } from '../api/get-sync-history.ts';
import { useSyncTargets } from '../api/get-sync-targets.ts';
import { useSyncSchedules } from '../api/sync-schedules.ts';
import { useTriggerSync } from '../api/trigger-sync.ts';
import { ConfirmAllDialog } from './confirm-all-dialog.tsx';
import { RecentJobs } from './recent-jobs.tsx';
import { TargetsTable, type SyncedDataLinks } from './targets-table.tsx';
import { TriggerGrid } from './trigger-grid.tsx';
import { useTriggerOutcome } from './use-trigger-outcome.ts';

/** The stats change when a run finishes: read them again once the history shows fewer runs in progress. */
function useStatsAfterRunsFinish(activeRuns: number) {
  const queryClient = useQueryClient();
  const previous = useRef(activeRuns);
  useEffect(() => {
    if (activeRuns < previous.current) void queryClient.invalidateQueries({ queryKey: queryKeys.sync.targets });
    previous.current = activeRuns;
  }, [activeRuns, queryClient]);
}

/** Where a trigger was pressed: its outcome is shown there. */
type Place = 'grid' | 'table';

/**
 * The admin's view of /admin/radiant-mgmt: the Trigger Sync grid with its outcome, Recent Jobs, and one
 * table of the targets (what is stored, the last run, the details backlog, the schedule, Run). `all` asks
 * first, saying what it will cost.
 */
export function SyncManagement({ links }: { links: SyncedDataLinks }) {
  const history = useSyncHistory();
  const targets = useSyncTargets();
  const schedules = useSyncSchedules();
  const trigger = useTriggerSync();
  const outcome = useTriggerOutcome(history.data);
  const [place, setPlace] = useState<Place>('grid');
  const [askingFrom, setAskingFrom] = useState<Place | null>(null);
  useStatsAfterRunsFinish(history.data?.filter(isRunActive).length ?? 0);

  const send = (target: SyncTarget, from: Place) => {
    setPlace(from);
    outcome.clear();
    trigger.mutate(target, {
      onSuccess: (answer) => outcome.triggered(target, answer.message),
      onError: outcome.refused,
      onSettled: () => setAskingFrom(null),
    });
  };
  const onTrigger = (from: Place) => (target: SyncTarget) => (target === 'all' ? setAskingFrom(from) : send(target, from));
  const pending = trigger.isPending ? (trigger.variables ?? null) : null;
  const feedback = <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />;

  return (
    <Stack gap="lg">
      <TriggerGrid pending={pending} onTrigger={onTrigger('grid')}>
        {place === 'grid' && feedback}
      </TriggerGrid>
      <RecentJobs history={history} />
      <TargetsTable
        targets={targets}
        schedules={schedules.data}
        pending={pending}
        onRun={onTrigger('table')}
        links={links}
        outcome={place === 'table' ? feedback : null}
      />
      <ConfirmAllDialog
        opened={askingFrom !== null}
        busy={trigger.isPending}
        onConfirm={() => askingFrom && send('all', askingFrom)}
        onClose={() => setAskingFrom(null)}
      />
    </Stack>
  );
}
