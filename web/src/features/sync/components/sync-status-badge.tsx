import type { SyncRunStatus } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge.tsx';

/** Completed green, failed red; queued and running are both "in progress": yellow. */
function colorOf(status: SyncRunStatus): string {
  if (status === 'completed') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

export function SyncStatusBadge({ status }: { status: SyncRunStatus }) {
  return <StatusBadge color={colorOf(status)}>{status}</StatusBadge>;
}
