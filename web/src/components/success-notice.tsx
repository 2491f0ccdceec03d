import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What the last action did ("App … created."), until dismissed. */
export function SuccessNotice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <Alert
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
