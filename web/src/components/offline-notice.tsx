import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

/**
 * Beside a save the browser holds back while it is offline: the save is kept and goes out by itself once
 * the connection is back (TanStack Query resumes paused mutations), so the spinning button is explained.
 */
export function OfflineNotice({ paused }: { paused: boolean }) {
  if (!paused) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status" title="You are offline">
      Nothing is lost: this is saved as soon as the connection is back.
    </Alert>
  );
}
