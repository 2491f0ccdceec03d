import type { Group, RosterRefresh } from '@portal/contract';
import { Alert, Anchor, Button, Group as Row, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX, IconRefresh, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { GroupKindBadge } from '@/components/group-kind-badge.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { groupPagePath } from '@/lib/admin-pages.ts';
import { formatTimesIn } from '@/lib/format-date-time.ts';
import { useGroups } from '../api/list-groups.ts';
import { useRefreshRosters } from '../api/refresh-rosters.ts';
import { appsCount, JOINING_LABEL, managersCount } from './group-words.ts';
import { RosterStatus } from './roster-status.tsx';

const count = new Intl.NumberFormat();

const columns: Column<Group>[] = [
  {
    label: 'Name',
    card: 'title',
    cell: (group) => (
      <Stack gap={2}>
        <Anchor component={Link} to={groupPagePath(group.id)} size="sm" fw={600} underline="always">
          {group.name}
        </Anchor>
        {group.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {group.description}
          </Text>
        )}
      </Stack>
    ),
  },
  { label: 'Kind', nowrap: true, card: 'badge', cell: (group) => <GroupKindBadge group={group} /> },
  { label: 'Members', nowrap: true, cell: (group) => <Text size="sm">{count.format(group.member_count)}</Text> },
  { label: 'Apps with rules', nowrap: true, cell: (group) => <Text size="sm">{appsCount(group.app_count)}</Text> },
  {
    label: 'Joining',
    nowrap: true,
    // A faction's members are the game's: nobody joins it here, and nobody manages it.
    cell: (group) =>
      group.kind === 'faction' ? (
        <Text size="sm" c="dimmed">
          In the game
        </Text>
      ) : (
        <Text size="sm">{JOINING_LABEL[group.joining]}</Text>
      ),
  },
  {
    label: 'Managers',
    nowrap: true,
    cell: (group) =>
      group.kind === 'faction' ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Text size="sm">{managersCount(group.manager_count)}</Text>
      ),
  },
  {
    label: 'Roster',
    maw: 300,
    cell: (group) =>
      group.roster ? (
        <RosterStatus roster={group.roster} />
      ) : (
        <Text size="sm" c="dimmed">
          Kept by admins
        </Text>
      ),
  },
];

/** The call and its answer, held above the list: a phone's layout and a table's are different trees. */
function useRosterReads() {
  const read = useRefreshRosters();
  const [answer, setAnswer] = useState<RosterRefresh | null>(null);
  return { read, answer, setAnswer };
}
type RosterReads = ReturnType<typeof useRosterReads>;

/** How the reads asked for at `requestedAt` stand: those still running, those read, those that failed. */
function rosterReadsSince(groups: readonly Group[], requestedAt: string) {
  const asked = groups.filter((g) => g.roster?.readable);
  const over = (g: Group) => g.roster?.finished_at != null && Date.parse(g.roster.finished_at) >= Date.parse(requestedAt);
  return {
    running: asked.filter((g) => !over(g)),
    read: asked.filter((g) => over(g) && !g.roster?.error),
    failed: asked.filter((g) => over(g) && g.roster?.error),
  };
}

const names = (groups: readonly Group[]) => groups.map((g) => g.name).join(', ');

/** Once every read asked for has ended: what was read (green) and, on the button's own line, each failure and why (red). */
function RosterReadOutcome({ groups, requestedAt, onClose }: { groups: readonly Group[]; requestedAt: string; onClose: () => void }) {
  const { read, failed } = rosterReadsSince(groups, requestedAt);
  return (
    <>
      {read.length > 0 && (
        <SuccessNotice onClose={onClose}>
          {read.length === 1 ? `Read the roster of ${names(read)}.` : `Read the rosters of ${names(read)}.`}
        </SuccessNotice>
      )}
      {failed.map((g) => (
        <Alert
          key={g.id}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          title={`The roster of ${g.name} could not be read`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onClose}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {formatTimesIn(g.roster?.error ?? '')}
          </Text>
        </Alert>
      ))}
    </>
  );
}

/**
 * 'Read rosters now' and what came of it, right under the button: green while reads were queued, then
 * what was read and, in red, each roster that could not be read and why; yellow when no connected binding
 * may read any roster (with the way to connect one).
 */
function ReadRosters({ read, answer, setAnswer, groups }: RosterReads & { groups: readonly Group[] | undefined }) {
  const requestedAt = answer && answer.queued > 0 ? answer.requested_at : null;
  const running = requestedAt && groups ? rosterReadsSince(groups, requestedAt).running.length > 0 : false;
  return (
    <Stack gap="xs">
      <Row gap="sm" align="center" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={read.isPending}
          onClick={() => {
            setAnswer(null);
            read.mutate(undefined, { onSuccess: setAnswer });
          }}
        >
          Read rosters now
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          Faction rosters are read on a schedule; this reads every one a connected binding may read now.
        </Text>
      </Row>
      {answer && answer.queued > 0 && (running || !requestedAt || !groups) && (
        <SuccessNotice onClose={() => setAnswer(null)}>{answer.message}</SuccessNotice>
      )}
      {requestedAt && groups && !running && <RosterReadOutcome groups={groups} requestedAt={requestedAt} onClose={() => setAnswer(null)} />}
      {answer && answer.queued === 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconPlugConnectedX size={18} aria-hidden />}
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setAnswer(null)}
        >
          <Stack gap={4}>
            <Text size="sm">{answer.message}</Text>
            <Anchor component={Link} to="/admin/swc" size="sm" underline="always">
              Open SWC Integration
            </Anchor>
          </Stack>
        </Alert>
      )}
      {read.isError && <ErrorAlert title="The rosters could not be read now." error={read.error} onClose={() => read.reset()} />}
    </Stack>
  );
}

/** Every group an admin keeps and every faction, with members, the apps whose rules name it and the last roster read. */
export function GroupsList() {
  const rosterReads = useRosterReads();
  const requestedAt = rosterReads.answer?.queued ? rosterReads.answer.requested_at : null;
  // Follows the reads asked for until each has ended, for at most two minutes (a worker that is down never ends them).
  const [gaveUp, setGaveUp] = useState<string | null>(null);
  const groups = useGroups({
    followWhile: (list) => requestedAt !== null && gaveUp !== requestedAt && rosterReadsSince(list, requestedAt).running.length > 0,
  });
  useEffect(() => {
    if (!requestedAt) return;
    const stop = setTimeout(() => setGaveUp(requestedAt), 120_000);
    return () => clearTimeout(stop);
  }, [requestedAt]);
  return (
    <QueryList
      query={groups}
      columns={columns}
      rowKey={(group) => group.id}
      label="Groups and factions"
      title
      description="Groups you keep, then every SWCombine faction a member signed in from or whose roster was read."
      aside={
        groups.data && (
          <Text size="sm" c="dimmed">
            {groups.data.length === 1 ? '1 group' : `${count.format(groups.data.length)} groups`}
          </Text>
        )
      }
      toolbar={<ReadRosters {...rosterReads} groups={groups.data} />}
      errorTitle="Failed to load groups"
      loadingLabel="Loading groups..."
      emptyTitle="No groups yet"
      empty="Create one above. A faction appears here when one of its members signs in or its roster is read."
      emptyIcon={<IconUsersGroup size={28} aria-hidden />}
      cardLabel={(group) => group.name}
      minWidth={940}
    />
  );
}
