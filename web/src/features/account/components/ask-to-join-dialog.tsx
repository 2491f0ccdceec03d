import { MAX_NOTE_LENGTH } from '@portal/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-error.ts';
import { useAskToJoin } from '../api/my-groups.ts';

export interface GroupToAsk {
  id: string;
  name: string;
  /** What asking is for (an app's name), said in the dialog. */
  forApp?: string;
}

interface AskToJoinDialogProps {
  group: GroupToAsk | null;
  onClose: () => void;
  onAsked: (text: string) => void;
}

/** "Ask to join Fleet Ops": a note for its managers (optional, plain text, at most 500 characters), then Send. */
export function AskToJoinDialog({ group, onClose, onAsked }: AskToJoinDialogProps) {
  const ask = useAskToJoin();
  const [note, setNote] = useState('');
  const close = () => {
    ask.reset();
    setNote('');
    onClose();
  };
  return (
    <Modal opened={group !== null} onClose={() => !ask.isPending && close()} title={group ? `Ask to join ${group.name}` : ''} centered>
      {group && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (ask.isPending) return;
            ask.mutate(
              { groupId: group.id, note: note.trim() || undefined },
              { onSuccess: (answer) => (close(), onAsked(answer.message)) },
            );
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              Its managers see your request{group.forApp ? `, and members of ${group.name} may open ${group.forApp}` : ''}. You are told
              when they answer.
            </Text>
            <Textarea
              label="Note for the managers (optional)"
              description={`Who you are and why you ask. Plain text, at most ${MAX_NOTE_LENGTH} characters.`}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={MAX_NOTE_LENGTH}
              autosize
              minRows={3}
            />
            {ask.error && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
                {serverMessage(ask.error, 'The request could not be sent.')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={ask.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={ask.isPending}>
                Send request
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
