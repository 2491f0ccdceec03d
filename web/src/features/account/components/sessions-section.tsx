import type { AccountSession } from '@portal/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { DeviceName } from '@/components/device-name.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { useAccountSessions } from '../api/get-sessions.ts';
import { SignOutElsewhereDialog, SignOutSessionDialog } from './sign-out-dialogs.tsx';
import { When } from './when.tsx';

function Device({ session }: { session: AccountSession }) {
  return (
    <Group gap="xs" wrap="wrap">
      <DeviceName name={session.device} kind={session.device_kind} userAgent={session.user_agent} />
      {session.current && (
        <Badge variant="light" color="teal" size="sm" style={{ flexShrink: 0 }}>
          This device
        </Badge>
      )}
    </Group>
  );
}

/** Where you are signed in: each session with its device, address and times; Sign out for each other one, and everywhere else. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const outcome = useFeedback();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const signOutButton = (session: AccountSession, card = false) =>
    session.current ? (
      <Text size="xs" c="dimmed">
        To sign out here, use Logout in the menu at the top
      </Text>
    ) : (
      <Button
        size={card ? 'sm' : 'compact-xs'}
        fullWidth={card}
        variant="light"
        color="red"
        leftSection={<IconLogout size={14} aria-hidden />}
        aria-label={`Sign out ${session.device}`}
        onClick={() => {
          outcome.clear();
          setEnding(session);
        }}
      >
        Sign out
      </Button>
    );
  const columns: Column<AccountSession>[] = [
    { label: 'Device', card: 'title', cell: (s) => <Device session={s} /> },
    { label: 'Address', nowrap: true, cell: (s) => <Text size="sm">{s.ip ?? 'Unknown'}</Text> },
    { label: 'Signed in', nowrap: true, cell: (s) => <When iso={s.signed_in_at} /> },
    { label: 'Last used', nowrap: true, cell: (s) => <When iso={s.last_used_at} /> },
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (s) => signOutButton(s),
      cardCell: (s) => signOutButton(s, true),
    },
  ];
  return (
    <>
      <QueryList
        query={sessions}
        columns={columns}
        rowKey={(s) => s.sid}
        label="Where you are signed in"
        title
        description="Each browser and device signed in to the platform with your character. Sign out one you do not know."
        aside={
          sessions.data && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconLogout size={14} aria-hidden />}
              disabled={others === 0}
              onClick={() => {
                outcome.clear();
                setEndingOthers(true);
              }}
            >
              Sign out everywhere else
            </Button>
          )
        }
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        errorTitle="Failed to load your sessions."
        empty="You are signed in nowhere else."
        cardLabel={(s) => (s.current ? `${s.device}, this device` : s.device)}
        minWidth={760}
      />
      <SignOutSessionDialog
        session={ending}
        onClose={() => setEnding(null)}
        onDone={(device) => outcome.succeed(`${device} signed out.`)}
      />
      <SignOutElsewhereDialog
        opened={endingOthers}
        count={others}
        onClose={() => setEndingOthers(false)}
        onDone={(ended) => outcome.succeed(ended === 1 ? '1 other session signed out.' : `${ended} other sessions signed out.`)}
      />
    </>
  );
}
