import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface SwcFailureProps {
  title: 'Failed to load status' | 'Failed to disconnect';
  error: unknown;
  onRetry?: () => void;
}

/** A failed call: the title, then the server's answer (ApiError carries its message) or the failure's own message. */
export function SwcFailure({ title, error, onRetry }: SwcFailureProps) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      {detail && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {detail}
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
