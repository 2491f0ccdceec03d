import type { DataKind, SyncSchedule, SyncTarget, SyncTargetStats } from '@portal/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconDatabase, IconMap2, IconPlayerPlay, IconTable } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { isRunActive } from '../api/get-sync-history.ts';
import { LastRunCell } from './last-run-cell.tsx';
import { ReloadButton } from './reload-button.tsx';
import { ScheduleCell, useScheduleRows } from './schedule-cell.tsx';
import { detailsLine } from './details-line.ts';

const count = new Intl.NumberFormat();

/** Where the screen leads: each target's stored rows, and the galaxy map. */
export interface SyncedDataLinks {
  data: (target: DataKind) => string;
  map: string;
}

const SWC_INTEGRATION_PATH = '/admin/swc';

interface TargetsTableProps {
  targets: UseQueryResult<SyncTargetStats[]>;
  schedules: readonly SyncSchedule[] | undefined;
  /** The target whose trigger is being sent; every Run waits meanwhile. */
  pending: SyncTarget | null;
  onRun: (target: SyncTarget) => void;
  links: SyncedDataLinks;
  /** The outcome of a Run pressed here, above the rows. */
  outcome: ReactNode;
}

/** "Needs a SWCombine binding", from the server's reason ("needs a SWCombine binding…: connect one on SWC Integration …"). */
const needsLine = (reason: string) => {
  const what = reason.split(':')[0]!;
  return what.charAt(0).toUpperCase() + what.slice(1);
};

function RunAction({
  stats,
  pending,
  onRun,
  fullWidth,
}: {
  stats: SyncTargetStats;
  pending: SyncTarget | null;
  onRun: (t: SyncTarget) => void;
  fullWidth: boolean;
}) {
  if (stats.needsBinding) {
    return (
      <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-start'} maw={fullWidth ? undefined : 220}>
        <Text size="xs" c="dimmed">
          {needsLine(stats.needsBinding)}
        </Text>
        <Button
          component={Link}
          to={SWC_INTEGRATION_PATH}
          size="xs"
          variant="light"
          fullWidth={fullWidth}
          leftSection={<IconArrowRight size={14} aria-hidden />}
          aria-label="Connect a SWCombine binding on SWC Integration"
        >
          Connect
        </Button>
      </Stack>
    );
  }
  const running = stats.latestRun !== null && isRunActive(stats.latestRun);
  return (
    <Button
      size="xs"
      variant={stats.target === 'all' ? 'filled' : 'light'}
      fullWidth={fullWidth}
      leftSection={<IconPlayerPlay size={14} aria-hidden />}
      loading={pending === stats.target}
      disabled={running || (pending !== null && pending !== stats.target)}
      onClick={() => onRun(stats.target)}
      aria-label={running ? `Run ${stats.target}: a run is in progress` : `Run ${stats.target}`}
    >
      Run
    </Button>
  );
}

function columns(props: TargetsTableProps, scheduleRows: ReturnType<typeof useScheduleRows>): Column<SyncTargetStats>[] {
  const scheduleOf = (target: SyncTarget) => props.schedules?.find((s) => s.target === target);
  return [
    {
      label: 'Target',
      card: 'title',
      nowrap: true,
      cell: (s) => (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fw={600} size="sm">
            {s.target}
          </Text>
          {s.target !== 'all' && (
            <Button
              component={Link}
              to={props.links.data(s.target)}
              variant="subtle"
              size="compact-sm"
              h={28}
              px={6}
              leftSection={<IconTable size={14} aria-hidden />}
              aria-label={`Data: ${s.target}`}
            >
              Data
            </Button>
          )}
        </Group>
      ),
    },
    { label: 'Rows', align: 'right', nowrap: true, cell: (s) => <Text size="sm">{count.format(s.rows)}</Text> },
    { label: 'Last run', cell: (s) => <LastRunCell stats={s} /> },
    {
      label: 'Details',
      cell: (s) => (
        <Text size="sm" c={s.details && s.details.filled < s.details.rows ? undefined : 'dimmed'} miw={120}>
          {s.details ? detailsLine(s.details) : 'in the list'}
        </Text>
      ),
    },
    {
      label: 'Schedule',
      cell: (s) => (
        <ScheduleCell
          target={s.target}
          schedule={scheduleOf(s.target)}
          state={scheduleRows.of(s.target)}
          onState={(state) => scheduleRows.set(s.target, state)}
        />
      ),
    },
    {
      label: 'Run',
      hideLabel: true,
      card: 'actions',
      cell: (s) => <RunAction stats={s} pending={props.pending} onRun={props.onRun} fullWidth={false} />,
      cardCell: (s) => <RunAction stats={s} pending={props.pending} onRun={props.onRun} fullWidth />,
    },
  ];
}

/**
 * Radiant Management's one table, a row per target: rows stored, how its last run went, the details still
 * to be read, its schedule (edited in the row) and Run; `all` asks first. Leads to each target's data and to
 * the galaxy map.
 */
export function TargetsTable(props: TargetsTableProps) {
  const { targets, links } = props;
  const scheduleRows = useScheduleRows();
  return (
    <QueryList
      query={targets}
      columns={columns(props, scheduleRows)}
      rowKey={(s) => s.target}
      label="Targets"
      title
      description="Per target: what is stored, how its last run went, the details still to be read and its schedule. A run completes once the lists are read; the details they lack are read afterwards from what the request budget leaves."
      aside={
        <Group gap="xs">
          <Button component={Link} to={links.map} variant="light" size="xs" leftSection={<IconMap2 size={14} aria-hidden />}>
            Galaxy map
          </Button>
          <ReloadButton query={targets}>Reload figures</ReloadButton>
        </Group>
      }
      toolbar={props.outcome}
      errorTitle="Failed to load the stored data"
      empty="Nothing stored yet"
      emptyIcon={<IconDatabase size={28} aria-hidden />}
      cardLabel={(s) => `${s.target}: ${count.format(s.rows)} rows`}
      minWidth={880}
    />
  );
}
