import type { SyncRunStatus } from '@portal/contract';
import { Badge } from '@mantine/core';

/** Completed green, failed red; queued and running are both "in progress": yellow. */
function colorOf(status: SyncRunStatus): string {
  if (status === 'completed') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

export function SyncStatusBadge({ status }: { status: SyncRunStatus }) {
  return (
    <Badge variant="light" color={colorOf(status)} radius="sm" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}
