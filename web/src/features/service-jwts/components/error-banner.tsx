import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

interface ErrorBannerProps {
  message: string;
  title?: string;
  onRetry?: () => void;
  onClose?: () => void;
}

/** The screen's red error banner (SPEC.md §8); `role="alert"` so it is announced when it appears. */
export function ErrorBanner({ message, title, onRetry, onClose }: ErrorBannerProps) {
  return (
    <Alert
      variant="light"
      color="red"
      title={title}
      icon={<IconAlertCircle size={20} aria-hidden />}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel="Dismiss"
      role="alert"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        {onRetry && (
          <Button variant="light" color="red" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
