import type { SyncRunCounts, SyncTargetStats } from '@portal/contract';
import { Group, Stack, Text } from '@mantine/core';
import { OneLineMessage } from '@/components/one-line-message.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { isRunActive } from '../api/get-sync-history.ts';
import { SyncProgress } from './sync-progress.tsx';
import { SyncStatusBadge } from './sync-status-badge.tsx';

const count = new Intl.NumberFormat();

/** "2 new · 1 changed · 1 gone", or "nothing changed". */
export function changes(run: SyncRunCounts): string {
  const parts = (['new', 'changed', 'gone'] as const).filter((k) => run[k] > 0).map((k) => `${count.format(run[k])} ${k}`);
  return parts.length ? parts.join(' · ') : 'nothing changed';
}

/**
 * How the target's last run went: its own run in progress (how far it got), or failed since its last
 * complete read (one line, the rest on demand), else what its last complete read found and when.
 */
export function LastRunCell({ stats }: { stats: SyncTargetStats }) {
  const run = stats.latestRun;
  if (run && isRunActive(run)) {
    return (
      <Stack gap={4} align="flex-start">
        <SyncStatusBadge status={run.status} />
        {run.progress && <SyncProgress progress={run.progress} />}
      </Stack>
    );
  }
  if (run?.status === 'failed' && (!stats.lastCompleteAt || run.timestamp > stats.lastCompleteAt)) {
    return (
      <Stack gap={4} maw={320}>
        <Group gap={6}>
          <SyncStatusBadge status="failed" />
          <Text size="xs" c="dimmed">
            {formatDateTime(run.timestamp)}
          </Text>
        </Group>
        <OneLineMessage text={run.message ?? 'The run gave no reason.'} about={`why the ${stats.target} sync failed`} />
      </Stack>
    );
  }
  if (stats.lastRun && stats.lastCompleteAt) {
    return (
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <SyncStatusBadge status="completed" />
          <Text size="sm">{changes(stats.lastRun)}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(stats.lastCompleteAt)}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      never completed
    </Text>
  );
}
