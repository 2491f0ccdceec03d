import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { clearOfHeader } from '@/lib/reveal.ts';

/** What the last action did ("App … created."), until dismissed. */
export function SuccessNotice({ children, onClose, ref }: { children: ReactNode; onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert
      ref={ref}
      // It can take the focus: a screen shows the outcome of an action where the focus goes next.
      tabIndex={-1}
      style={clearOfHeader}
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
