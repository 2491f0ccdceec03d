import { Button, Center, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorStateProps {
  title: string;
  description: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  fullScreen?: boolean;
}

export function ErrorState({ title, description, onRetry, retryLabel = 'Try again', fullScreen = false }: ErrorStateProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="md" role="alert">
      <EmptyState
        variant="light"
        color="red"
        maw={420}
        icon={<IconAlertTriangle size={28} aria-hidden />}
        title={title}
        description={description}
      >
        {onRetry && (
          <EmptyState.Actions>
            <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
              {retryLabel}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Center>
  );
}
