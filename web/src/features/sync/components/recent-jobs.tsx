import type { SyncRun } from '@portal/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { OneLineMessage } from '@/components/one-line-message.tsx';
import { QueryList, type Column, type ListQuery } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { ReloadButton } from './reload-button.tsx';
import { SyncProgress } from './sync-progress.tsx';
import { SyncStatusBadge } from './sync-status-badge.tsx';

const columns: readonly Column<SyncRun>[] = [
  {
    label: 'Type',
    card: 'title',
    nowrap: true,
    cell: (run) => (
      <Text fw={600} size="sm">
        {run.type}
      </Text>
    ),
  },
  { label: 'Status', card: 'badge', nowrap: true, cell: (run) => <SyncStatusBadge status={run.status} /> },
  {
    label: 'Details',
    maw: 520,
    cell: (run) => (
      <Stack gap={6}>
        {run.message && <OneLineMessage text={run.message} about={`the ${run.type} sync's message`} />}
        {run.triggeredBy === 'schedule' && (
          <Text size="xs" c="dimmed">
            by schedule
          </Text>
        )}
        {run.progress && (run.status === 'running' || run.status === 'queued') && <SyncProgress progress={run.progress} />}
      </Stack>
    ),
  },
  {
    label: 'Time',
    nowrap: true,
    cell: (run) => (
      <Text size="sm" c="dimmed">
        {formatDateTime(run.timestamp, '')}
      </Text>
    ),
  },
];

interface RecentJobsProps {
  history: ListQuery<SyncRun>;
}

/**
 * The latest sync runs, newest first, with Refresh. A history that could not be read is only logged
 * (by its query): the list then shows nothing rather than an error.
 */
export function RecentJobs({ history }: RecentJobsProps) {
  const headingId = useId();
  const failedWithNothing = history.isError && history.data === undefined;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          Recent Jobs
        </Title>
        <ReloadButton query={history}>Refresh</ReloadButton>
      </Group>
      {!failedWithNothing && (
        <QueryList
          query={history}
          columns={columns}
          rowKey={(run, index) => `${run.type}-${run.timestamp}-${index}`}
          label="Recent jobs"
          errorTitle="Failed to load recent jobs"
          empty="No recent jobs"
          emptyIcon={<IconHistory size={28} aria-hidden />}
          cardLabel={(run) => `${run.type} sync, ${run.status}`}
          minWidth={560}
        />
      )}
    </Stack>
  );
}
