import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/** A part of a screen could not load: says so and offers to try again, without hiding the rest. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={title}>
      <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** What the last action did ("App … created."), until dismissed. */
export function SuccessNotice({ children, onClose, ref }: { children: ReactNode; onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert
      ref={ref}
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="status"
    >
      {children}
    </Alert>
  );
}
