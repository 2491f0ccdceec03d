import type { SyncDetailsBacklog, SyncRunCounts, SyncTargetStats } from '@portal/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { timeLeft } from './time-left.ts';

const count = new Intl.NumberFormat();

/** "2 new · 1 changed · 1 gone", or "nothing changed". */
function changes(run: SyncRunCounts): string {
  const parts = (['new', 'changed', 'gone'] as const).filter((k) => run[k] > 0).map((k) => `${count.format(run[k])} ${k}`);
  return parts.length ? parts.join(' · ') : 'nothing changed';
}

/** "details: 1,204 of 2,401, about 2 h left", or "details: all 2,401". */
export function detailsLine(details: SyncDetailsBacklog, now?: Date): string {
  if (details.rows === 0) return 'no rows yet';
  if (details.filled >= details.rows) return `details: all ${count.format(details.rows)}`;
  const left = details.completeAt ? timeLeft(details.completeAt, now) : 'waiting for the request budget';
  return `details: ${count.format(details.filled)} of ${count.format(details.rows)}, ${left}`;
}

const columns: readonly Column<SyncTargetStats>[] = [
  {
    label: 'Target',
    card: 'title',
    nowrap: true,
    cell: (s) => (
      <Text fw={600} size="sm">
        {s.target}
      </Text>
    ),
  },
  { label: 'Rows', align: 'right', nowrap: true, cell: (s) => <Text size="sm">{count.format(s.rows)}</Text> },
  {
    label: 'Last complete run',
    cell: (s) => (
      <Stack gap={0}>
        <Text size="sm">{s.lastRun ? changes(s.lastRun) : 'never completed'}</Text>
        {s.lastCompleteAt && (
          <Text size="xs" c="dimmed">
            {formatDateTime(s.lastCompleteAt)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    label: 'Details',
    cell: (s) => (
      <Text size="sm" c={s.details && s.details.filled < s.details.rows ? undefined : 'dimmed'}>
        {s.details ? detailsLine(s.details) : 'in the list'}
      </Text>
    ),
  },
];

/**
 * Per target: rows stored, what its last complete run found, and the details (coordinates, parents,
 * classes) still to be read after it, with when they should be in at the current request budget.
 */
export function TargetFigures({ targets }: { targets: UseQueryResult<SyncTargetStats[]> }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            Stored data
          </Title>
          <Text size="sm" c="dimmed">
            A run completes once the lists are read; the details they lack are read afterwards from what the request budget leaves.
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={targets.isFetching}
          onClick={() => void targets.refetch()}
        >
          Reload figures
        </Button>
      </Group>
      <QueryList
        query={targets}
        columns={columns}
        rowKey={(s) => s.target}
        label="Stored data per target"
        errorTitle="Failed to load the stored data"
        empty="Nothing stored yet"
        emptyIcon={<IconDatabase size={28} aria-hidden />}
        cardLabel={(s) => `${s.target}: ${count.format(s.rows)} rows`}
        minWidth={560}
      />
    </Stack>
  );
}
