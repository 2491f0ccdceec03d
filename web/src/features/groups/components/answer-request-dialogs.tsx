import type { PendingRequest } from '@portal/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { UntilField, untilInstant, untilProblem } from '@/components/until-field.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { useAnswerRequest } from '../api/requests.ts';

export interface Answering {
  request: PendingRequest;
  answer: 'approve' | 'deny';
}

interface AnswerRequestDialogProps {
  scope: GroupScope;
  /** The request being answered; null while none is. */
  answering: Answering | null;
  onClose: () => void;
  onAnswered: (text: string) => void;
}

const who = (request: PendingRequest) => request.name ?? request.uid;

/** Approve (with an optional end date) or Deny (with an optional reason) one request, saying what follows. */
export function AnswerRequestDialog({ scope, answering, onClose, onAnswered }: AnswerRequestDialogProps) {
  const { approve, deny } = useAnswerRequest();
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = answering?.answer === 'deny' ? deny : approve;
  const close = () => {
    approve.reset();
    deny.reset();
    setUntil('');
    setReason('');
    setProblem(null);
    onClose();
  };
  const submit = () => {
    if (!answering || mutation.isPending) return;
    const { request } = answering;
    if (answering.answer === 'approve') {
      const untilError = untilProblem(until);
      setProblem(untilError);
      if (untilError) return;
      approve.mutate(
        { scope, requestId: request.id, until: untilInstant(until) },
        { onSuccess: () => (close(), onAnswered(`${who(request)} is now in ${request.group_name}.`)) },
      );
    } else {
      deny.mutate(
        { scope, requestId: request.id, reason: reason.trim() || undefined },
        { onSuccess: () => (close(), onAnswered(`${who(request)}’s request to join ${request.group_name} was denied.`)) },
      );
    }
  };
  const approving = answering?.answer === 'approve';
  const title = answering ? `${approving ? 'Approve' : 'Deny'} ${who(answering.request)}?` : '';
  return (
    <Modal opened={answering !== null} onClose={() => !mutation.isPending && close()} title={title} centered>
      {answering && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {approving
                ? `${who(answering.request)} joins ${answering.request.group_name} at once, and may open what its access rules give its members.`
                : `${who(answering.request)} is told that the request to join ${answering.request.group_name} was denied, with your reason if you give one.`}
            </Text>
            {approving ? (
              <UntilField value={until} onChange={setUntil} error={problem} />
            ) : (
              <Textarea
                label="Reason (optional)"
                description="The player reads it. At most 500 characters."
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
              />
            )}
            {mutation.error && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
                {serverMessage(mutation.error, approving ? 'The request could not be approved.' : 'The request could not be denied.')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" color={approving ? undefined : 'red'} loading={mutation.isPending}>
                {approving ? 'Approve' : 'Deny'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
