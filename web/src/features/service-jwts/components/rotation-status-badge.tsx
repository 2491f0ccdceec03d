import type { RotationStatus } from '@portal/contract';
import { StatusBadge } from '@/components/status-badge.tsx';

const COLORS: Record<RotationStatus, string> = { Active: 'green', Overdue: 'orange', Disabled: 'gray' };

/** Active, Overdue or Disabled; the rule itself is `rotationStatus` of the contract. */
export function RotationStatusBadge({ status }: { status: RotationStatus }) {
  return <StatusBadge color={COLORS[status]}>{status}</StatusBadge>;
}
