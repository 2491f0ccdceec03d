import { isServerErrorCode } from '@portal/contract';
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error.ts';

interface SwcFailureProps {
  /** Shown when the failure says nothing itself. */
  fallback: 'Failed to load status' | 'Failed to disconnect';
  error: unknown;
  onRetry?: () => void;
}

/** The server's `error` field heads the alert with its message beneath; else the failure's own message; else the fallback. */
export function SwcFailure({ fallback, error, onRetry }: SwcFailureProps) {
  const fromServer = error instanceof ApiError && isServerErrorCode(error.error);
  const title = fromServer ? error.error : error instanceof Error && error.message ? error.message : fallback;
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      {fromServer && error.message && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {error.message}
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
