import type { JoinableGroup, MyGroup, MyGroupRequest } from '@portal/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit, IconLogin2, IconSend, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useNow } from '@/lib/use-now.ts';
import { useAskToJoin, useLeaveGroup, useMyGroups, useWithdrawRequest } from '../api/my-groups.ts';
import { AskToJoinDialog, type GroupToAsk } from './ask-to-join-dialog.tsx';

const list = { listStyle: 'none', padding: 0, margin: 0 } as const;

function Line({ title, badge, children, action }: { title: string; badge?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <Group component="li" gap="sm" justify="space-between" align="center" py={8} wrap="wrap">
      <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
        <Group gap="xs">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {badge}
        </Group>
        {children && (
          <Text size="sm" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
        )}
      </Stack>
      {action}
    </Group>
  );
}

function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An approval's membership: open-ended, until a date ahead, or ended at its date. */
function ApprovedWords({ until }: { until: string | null }) {
  const now = useNow();
  if (!until) return <>You are in.</>;
  const at = <time dateTime={until}>{formatDateTime(until)}</time>;
  return Date.parse(until) > now.getTime() ? <>You are in until {at}.</> : <>Your membership ended on its end date, {at}.</>;
}

const ANSWER_BADGE: Record<string, { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'teal' },
  denied: { label: 'Denied', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

/** Your account → Groups: the groups you are in (Leave), those you can join or ask to join, your requests and the answers. */
export function GroupsSection() {
  const groups = useMyGroups();
  const join = useAskToJoin();
  const withdraw = useWithdrawRequest();
  const leave = useLeaveGroup();
  const outcome = useFeedback();
  const [asking, setAsking] = useState<GroupToAsk | null>(null);
  const [leaving, setLeaving] = useState<MyGroup | null>(null);

  const joinNow = (group: JoinableGroup) => {
    outcome.clear();
    join.mutate(
      { groupId: group.id },
      {
        onSuccess: (answer) => outcome.succeed(answer.message),
        onError: (error) => outcome.fail(`${group.name} could not be joined.`, error),
      },
    );
  };
  const withdrawNow = (request: MyGroupRequest) => {
    outcome.clear();
    withdraw.mutate(request.id, {
      onSuccess: () => outcome.succeed(`Your request to join ${request.group_name} was withdrawn.`),
      onError: (error) => outcome.fail('The request could not be withdrawn.', error),
    });
  };

  return (
    <SectionCard
      title="Groups"
      description="Groups decide which apps you may open. Join an open group at once, or ask a group’s managers to let you in."
    >
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      {groups.isPending ? (
        <CenteredLoader label="Loading your groups..." />
      ) : groups.isError ? (
        <ErrorAlert title="Failed to load your groups." error={groups.error} onRetry={() => void groups.refetch()} />
      ) : (
        <Stack gap="lg">
          <Subsection title="Your groups">
            {groups.data.member_of.length === 0 ? (
              <ListEmpty description="You are in no group yet." />
            ) : (
              <Stack component="ul" gap={0} style={list} aria-label="Your groups">
                {groups.data.member_of.map((group) => (
                  <Line
                    key={group.id}
                    title={group.name}
                    badge={
                      group.kind === 'faction' && (
                        <Badge variant="light" color="gold" size="xs">
                          Faction
                        </Badge>
                      )
                    }
                    action={
                      group.can_leave && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          leftSection={<IconDoorExit size={14} aria-hidden />}
                          aria-label={`Leave ${group.name}`}
                          onClick={() => {
                            outcome.clear();
                            leave.reset();
                            setLeaving(group);
                          }}
                        >
                          Leave
                        </Button>
                      )
                    }
                  >
                    {group.until ? (
                      <>
                        Until <time dateTime={group.until}>{formatDateTime(group.until)}</time>
                      </>
                    ) : group.kind === 'faction' ? (
                      'Your faction in SWCombine: you leave it in the game.'
                    ) : null}
                  </Line>
                ))}
              </Stack>
            )}
          </Subsection>

          <Subsection title="Groups you can join">
            {groups.data.joinable.length === 0 ? (
              <ListEmpty description="No group is open to join or to ask for right now." />
            ) : (
              <Stack component="ul" gap={0} style={list} aria-label="Groups you can join">
                {groups.data.joinable.map((group) => (
                  <Line
                    key={group.id}
                    title={group.name}
                    badge={
                      <Badge variant="light" color={group.joining === 'open' ? 'teal' : 'blue'} size="xs">
                        {group.joining === 'open' ? 'Open' : 'On request'}
                      </Badge>
                    }
                    action={
                      group.joining === 'open' ? (
                        <Button
                          size="compact-sm"
                          leftSection={<IconLogin2 size={14} aria-hidden />}
                          aria-label={`Join ${group.name}`}
                          loading={join.isPending && join.variables?.groupId === group.id}
                          onClick={() => joinNow(group)}
                        >
                          Join
                        </Button>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconSend size={14} aria-hidden />}
                          aria-label={`Ask to join ${group.name}`}
                          onClick={() => {
                            outcome.clear();
                            setAsking({ id: group.id, name: group.name });
                          }}
                        >
                          Ask to join
                        </Button>
                      )
                    }
                  >
                    {group.description && <div>{group.description}</div>}
                    <div>{group.apps.length ? `Opens ${group.apps.join(', ')}` : 'Opens no app yet.'}</div>
                  </Line>
                ))}
              </Stack>
            )}
          </Subsection>

          {groups.data.pending.length > 0 && (
            <Subsection title="Your requests">
              <Stack component="ul" gap={0} style={list} aria-label="Your requests">
                {groups.data.pending.map((request) => (
                  <Line
                    key={request.id}
                    title={request.group_name}
                    badge={
                      <Badge variant="light" color="yellow" size="xs">
                        Waiting
                      </Badge>
                    }
                    action={
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconX size={14} aria-hidden />}
                        aria-label={`Withdraw your request to join ${request.group_name}`}
                        loading={withdraw.isPending && withdraw.variables === request.id}
                        onClick={() => withdrawNow(request)}
                      >
                        Withdraw
                      </Button>
                    }
                  >
                    Asked <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>; expires{' '}
                    <time dateTime={request.expires_at}>{formatDateTime(request.expires_at)}</time> unless answered.
                  </Line>
                ))}
              </Stack>
            </Subsection>
          )}

          {groups.data.answered.length > 0 && (
            <Subsection title="Answers">
              <Stack component="ul" gap={0} style={list} aria-label="Answers to your requests">
                {groups.data.answered.map((request) => (
                  <Line
                    key={request.id}
                    title={request.group_name}
                    badge={
                      <Badge variant="light" color={ANSWER_BADGE[request.status]?.color ?? 'gray'} size="xs">
                        {ANSWER_BADGE[request.status]?.label ?? request.status}
                      </Badge>
                    }
                  >
                    {request.status === 'denied' && (request.reason ? `Reason: ${request.reason}` : 'No reason given.')}
                    {request.status === 'approved' && <ApprovedWords until={request.until} />}
                    {request.status === 'expired' && 'No manager answered in time; you may ask again.'}
                  </Line>
                ))}
              </Stack>
            </Subsection>
          )}
        </Stack>
      )}
      <AskToJoinDialog group={asking} onClose={() => setAsking(null)} onAsked={outcome.succeed} />
      <ConfirmDialog
        opened={leaving !== null}
        title={leaving ? `Leave ${leaving.name}?` : ''}
        confirmLabel="Leave"
        busyLabel="Leaving..."
        busy={leave.isPending}
        color="red"
        error={leave.error ? serverMessage(leave.error, 'You could not leave the group.') : null}
        onConfirm={() =>
          leaving &&
          leave.mutate(leaving.id, {
            onSuccess: () => {
              outcome.succeed(`You left ${leaving.name}.`);
              setLeaving(null);
            },
          })
        }
        onClose={() => setLeaving(null)}
      >
        {leaving &&
          `Apps that admit you only through ${leaving.name} close for you at once. To come back you ask again, or a manager adds you.`}
      </ConfirmDialog>
    </SectionCard>
  );
}
