import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';

export type SecretChange = 'replace' | 'remove';

interface SecretConfirmProps {
  change: SecretChange;
  appName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const QUESTIONS = {
  replace: {
    title: 'Replace the client secret?',
    text: (app: string) => `The current secret stops working at once: ${app} signs no one in until it is given the new one.`,
    confirm: 'Replace secret',
    busy: 'Creating...',
    color: 'orange',
  },
  remove: {
    title: 'Remove the client secret?',
    text: (app: string) => `${app} becomes a public client again and must use PKCE; the tokens issued to it end now.`,
    confirm: 'Remove secret',
    busy: 'Removing...',
    color: 'red',
  },
} as const;

/** The question before a change that breaks what the app holds, in place of the buttons; Cancel takes the focus. */
export function SecretConfirm({ change, appName, busy, onConfirm, onCancel }: SecretConfirmProps) {
  const question = QUESTIONS[change];
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const titleId = useId();
  // A neutral box with a coloured edge and title: the filled button is the one strong colour, never orange on orange.
  return (
    <Paper
      role="alert"
      aria-labelledby={titleId}
      withBorder
      p="md"
      bg="dark.8"
      style={{ borderColor: `var(--mantine-color-${question.color}-filled)` }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" c={`${question.color}.4`}>
          <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text id={titleId} fw={700} size="sm">
            {question.title}
          </Text>
        </Group>
        <Text size="sm">{question.text(appName)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button ref={cancel} variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            color={question.color}
            onClick={onConfirm}
            disabled={busy}
            leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
          >
            {busy ? question.busy : question.confirm}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface SecretButtonsProps {
  confidential: boolean;
  /** A new secret is being made without a question (a public client). */
  creating: boolean;
  onNew: () => void;
  onRemove: () => void;
}

/** 'New client secret', and 'Remove secret' when there is one. */
export function SecretButtons({ confidential, creating, onNew, onRemove }: SecretButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {confidential && (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove} disabled={creating}>
          Remove secret
        </Button>
      )}
      <Button
        leftSection={creating ? <Loader size={14} color="currentColor" aria-hidden /> : <IconKey size={16} aria-hidden />}
        onClick={onNew}
        disabled={creating}
      >
        {creating ? 'Creating...' : 'New client secret'}
      </Button>
    </Group>
  );
}
