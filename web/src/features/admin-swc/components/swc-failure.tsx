import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error.ts';

interface SwcFailureProps {
  /** What failed, in the screen's words: the alert's title. */
  title: 'Failed to load status' | 'Failed to disconnect';
  error: unknown;
  onRetry?: () => void;
}

/** The screen's words head the alert; beneath, why: the server's message, or the failure's own (no answer at all). */
export function SwcFailure({ title, error, onRetry }: SwcFailureProps) {
  const why = error instanceof ApiError ? error.message.trim() : '';
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      {why && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {why}
        </Text>
      )}
      {onRetry && (
        <Button mt="xs" size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
