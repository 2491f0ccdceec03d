import { Alert, Button, Group, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isNoAnswer, NO_ANSWER_MESSAGE, serverMessage } from '@/lib/api-error.ts';
import { formatTimesIn } from '@/lib/format-date-time.ts';
import { clearOfHeader } from '@/lib/reveal.ts';
import { useFocusOnShow } from '@/lib/focus-on-show.ts';

interface ErrorAlertProps {
  /** What failed, in the screen's words ('Failed to load apps', 'Update failed.'). */
  title: string;
  /** The failure: the server's message, when it sent one, is shown under the title; no answer at all says so. */
  error?: unknown;
  onRetry?: () => void;
  onClose?: () => void;
  /** To move the focus to the alert (it can take it), so a keyboard or screen reader user lands on what happened. */
  ref?: Ref<HTMLDivElement>;
  /** A failure of what the user just did (a save, a change): the focus moves to it when it appears. */
  focusOnShow?: boolean;
}

/** Every failure inside a screen: a red alert, announced when it appears, with Try again and/or Dismiss. */
export function ErrorAlert({ title, error, onRetry, onClose, ref, focusOnShow = false }: ErrorAlertProps) {
  const focusRef = useFocusOnShow<HTMLDivElement>(focusOnShow ? (error ?? title) : null);
  const alertRef = useMergedRef(ref, focusRef);
  const message = isNoAnswer(error) ? NO_ANSWER_MESSAGE : error === undefined ? '' : serverMessage(error, '');
  return (
    <Alert
      ref={alertRef}
      tabIndex={-1}
      style={clearOfHeader}
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      title={title}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {(message && message !== title) || onRetry ? (
        <Group justify="space-between" align="center" gap="sm">
          {message && message !== title && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {formatTimesIn(message)}
            </Text>
          )}
          {onRetry && (
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              Try again
            </Button>
          )}
        </Group>
      ) : null}
    </Alert>
  );
}
