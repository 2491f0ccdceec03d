import type { ActivityRow, AuditFilters } from '@portal/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useActivity } from '../api/list-activity.ts';
import { activitySentence } from './activity-sentence.ts';
import { EventDetailsModal } from './event-details-modal.tsx';
import { EventSentence } from './event-sentence.tsx';

function columns(open: (row: ActivityRow) => void): Column<ActivityRow>[] {
  return [
    {
      label: 'Time',
      nowrap: true,
      card: 'title',
      cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      label: 'Outcome',
      card: 'badge',
      cell: (row) =>
        row.outcome === 'failure' ? <StatusBadge color="red">failure</StatusBadge> : <StatusBadge color="teal">success</StatusBadge>,
    },
    { label: 'Event', cell: (row) => <EventSentence row={row} /> },
    {
      label: 'Details',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (row) => (
        <Button size="xs" variant="default" onClick={() => open(row)} aria-label={`Details of: ${activitySentence(row)}`}>
          Details
        </Button>
      ),
      cardCell: (row) => (
        <Button size="sm" variant="default" fullWidth onClick={() => open(row)}>
          Details
        </Button>
      ),
    },
  ];
}

/**
 * The events the filters select, newest first, a page at a time: the server pages by cursor (keyset), so
 * Older follows the last page's cursor and Newer goes back along the cursors already followed.
 */
export function ActivityList({ filters }: { filters: AuditFilters }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const [filtersOfCursors, setFiltersOfCursors] = useState(filters);
  const [opened, setOpened] = useState<ActivityRow | null>(null);
  // New filters start again at the newest event.
  if (filtersOfCursors !== filters) {
    setFiltersOfCursors(filters);
    setCursors([]);
  }
  const cursor = cursors.at(-1) ?? null;
  const activity = useActivity(filters, cursor);
  const next = activity.data?.next_cursor ?? null;
  const page = cursors.length + 1;
  const pager = (cursors.length > 0 || next) && (
    <Group justify="space-between" px="lg" py="md">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={cursors.length === 0}
        onClick={() => setCursors(cursors.slice(0, -1))}
      >
        Newer
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {page}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!next || activity.isPlaceholderData}
        onClick={() => next && setCursors([...cursors, next])}
      >
        Older
      </Button>
    </Group>
  );
  return (
    <>
      <QueryList
        query={{ ...activity, data: activity.data?.events }}
        columns={columns(setOpened)}
        rowKey={(row) => row.id}
        label="Events"
        title
        description="Newest first. Each row says what happened, to whom and by whom; Details shows where from and what changed."
        footer={pager}
        errorTitle="Failed to load the activity."
        empty="No events match these filters."
        cardLabel={(row) => `${formatDateTime(row.created_at)}: ${activitySentence(row)}`}
        minWidth={720}
      />
      <EventDetailsModal event={opened} onClose={() => setOpened(null)} />
    </>
  );
}
