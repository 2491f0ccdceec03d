import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

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
