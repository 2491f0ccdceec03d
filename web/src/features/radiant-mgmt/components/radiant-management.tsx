import type { SyncTarget } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { isRunActive, useSyncHistory } from '../api/get-sync-history.ts';
import { useSyncTargets } from '../api/get-sync-targets.ts';
import { useTriggerSync } from '../api/trigger-sync.ts';
import { RecentJobs } from './recent-jobs.tsx';
import { TriggerGrid } from './trigger-grid.tsx';
import { triggerErrorText } from './trigger-error-text.ts';

type Outcome = { ok: true; text: string } | { ok: false; error: unknown };

/** The stats change when a run finishes: read them again once the history shows fewer runs in progress. */
function useStatsAfterRunsFinish(activeRuns: number) {
  const queryClient = useQueryClient();
  const previous = useRef(activeRuns);
  useEffect(() => {
    if (activeRuns < previous.current) void queryClient.invalidateQueries({ queryKey: queryKeys.radiantMgmt.targets });
    previous.current = activeRuns;
  }, [activeRuns, queryClient]);
}

/** The admin's view of /admin/radiant-mgmt: trigger a sync, see what happened and what is stored. */
export function RadiantManagement() {
  const history = useSyncHistory();
  const targets = useSyncTargets();
  const trigger = useTriggerSync();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useStatsAfterRunsFinish(history.data?.filter(isRunActive).length ?? 0);

  const onTrigger = (target: SyncTarget) => {
    setOutcome(null);
    trigger.mutate(target, {
      onSuccess: (answer) => setOutcome({ ok: true, text: `Sync triggered: ${answer.message || target}` }),
      onError: (error) => setOutcome({ ok: false, error }),
    });
  };

  return (
    <Stack gap="lg">
      <TriggerGrid stats={targets.data} pending={trigger.isPending ? (trigger.variables ?? null) : null} onTrigger={onTrigger} />
      {/* Under the buttons, so a phone that scrolled down to the last target still sees the outcome. */}
      {outcome?.ok === true && <SuccessNotice onClose={() => setOutcome(null)}>{outcome.text}</SuccessNotice>}
      {outcome?.ok === false && (
        <ErrorAlert title={triggerErrorText(outcome.error)} error={outcome.error} onClose={() => setOutcome(null)} />
      )}
      <RecentJobs history={history} />
    </Stack>
  );
}
