import type { SessionRow } from '@portal/contract';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEndUserSession } from '../api/end-user-session.ts';
import { serverMessage } from '../api/error-message.ts';

interface EndSessionModalProps {
  userId: string;
  userName: string;
  session: SessionRow | null;
  onClose: () => void;
}

/** Confirms ending one session; the sessions and the audit log are read again afterwards. */
export function EndSessionModal({ userId, userName, session, onClose }: EndSessionModalProps) {
  const end = useEndUserSession();
  const close = () => {
    if (end.isPending) return;
    end.reset();
    onClose();
  };
  const confirm = () => {
    if (!session) return;
    end.mutate(
      { userId, sid: session.sid },
      {
        onSuccess: () => {
          end.reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={session !== null} onClose={close} title="End session?" centered>
      <Stack gap="md">
        {session && (
          <Text size="sm">
            {userName} is signed out of {session.app_key ? <Code>{session.app_key}</Code> : 'the portal'} on that device and has to sign in
            again there.
          </Text>
        )}
        {end.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverMessage(end.error, 'The session could not be ended.')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={end.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={end.isPending}>
            End session
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
