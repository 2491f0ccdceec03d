import type { AccessStatus } from '@portal/contract';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconBan, IconCheck, IconPlayerPause } from '@tabler/icons-react';
import type { Feedback } from '@/components/action-feedback.tsx';
import { useGrantAccess } from '../api/grant-access.ts';
import type { AccessQuestion, AccessTarget } from './access-question.tsx';

type Status = AccessStatus['status'];

interface AccessActionsProps {
  /** Null while no user and app are picked: every button is off. */
  target: AccessTarget | null;
  /** Undefined while it is being read. */
  status: Status | undefined;
  /** Compact in a table row; full-width on a phone's card; full size on User App Access. */
  variant?: 'row' | 'card' | 'panel';
  /** What Grant or Lift suspension did, for the screen's notice. */
  onOutcome: (feedback: Feedback) => void;
  /** Suspend and Revoke ask first: the screen holds the one question (it outlasts a row that turns into a card). */
  onAsk: (question: AccessQuestion) => void;
}

/**
 * Grant (Lift suspension on a suspended app), Suspend and Revoke, each off when it would change nothing: in a
 * row of a list of access (a user's apps, an app's players) and on User App Access.
 */
export function AccessActions({ target, status, variant = 'row', onOutcome, onAsk }: AccessActionsProps) {
  const grant = useGrantAccess();
  const card = variant === 'card';
  const panel = variant === 'panel';
  const size = panel ? 'sm' : card ? 'sm' : 'compact-sm';
  // A phone's card has a third of its width for each button: words only, no icons.
  const icon = (Icon: typeof IconCheck) => (card ? undefined : <Icon size={panel ? 16 : 14} aria-hidden />);
  const userName = target?.userName ?? '';
  const appName = target?.appName ?? '';

  const runGrant = (done: string) => {
    if (!target || grant.isPending) return;
    grant.mutate(target, {
      onSuccess: () => onOutcome({ kind: 'success', text: `${done} ${userName} on ${appName}.` }),
      onError: (error) => onOutcome({ kind: 'error', title: 'Update failed.', error }),
    });
  };
  const ask = (kind: AccessQuestion['kind']) => target && onAsk({ kind, target });

  // Each action is offered only when it would change the status.
  const choices = [
    // Lifting a suspension is a grant to the server, but not in the admin's words.
    status === 'suspended'
      ? {
          label: 'Lift suspension',
          // The visible words start the name, so a voice user saying what they see hits it.
          name: `Lift suspension of ${userName} on ${appName}`,
          color: 'teal',
          Icon: IconCheck,
          sets: 'active',
          act: () => runGrant('Suspension lifted for'),
        }
      : {
          label: 'Grant',
          name: `Grant ${userName} access to ${appName}`,
          color: 'teal',
          Icon: IconCheck,
          sets: 'active',
          act: () => runGrant('Access granted to'),
        },
    {
      label: 'Suspend',
      name: `Suspend ${userName} on ${appName}`,
      color: 'yellow',
      Icon: IconPlayerPause,
      sets: 'suspended',
      act: () => ask('suspend'),
    },
    {
      label: 'Revoke',
      name: `Revoke ${userName} on ${appName}`,
      color: 'red',
      Icon: IconBan,
      sets: 'revoked',
      act: () => ask('revoke'),
    },
  ] as const;
  const buttons = choices.map(({ label, name, color, Icon, sets, act }) => (
    <Button
      key={label}
      size={size}
      color={color}
      // On User App Access the first choice is the screen's main action.
      variant={panel && sets === 'active' ? 'filled' : 'light'}
      leftSection={icon(Icon)}
      px={card ? 8 : undefined}
      disabled={!target || status === undefined || grant.isPending || status === sets}
      loading={sets === 'active' && grant.isPending}
      onClick={act}
      // In a table row the button names the player and the app; on a card or the panel the words around it do.
      aria-label={variant === 'row' ? name : undefined}
    >
      {label}
    </Button>
  ));

  if (card) {
    return (
      <SimpleGrid cols={3} spacing={6}>
        {buttons}
      </SimpleGrid>
    );
  }
  return (
    <Group gap={panel ? 'sm' : 'xs'} justify={panel ? 'flex-start' : 'flex-end'} wrap={panel ? 'wrap' : 'nowrap'}>
      {buttons}
    </Group>
  );
}
