import type { RotationStatus } from '@portal/contract';
import { Badge } from '@mantine/core';

const COLORS: Record<RotationStatus, string> = { Active: 'green', Overdue: 'orange', Disabled: 'gray' };

/** Active, Overdue or Disabled; the rule itself is `rotationStatus` of the contract. */
export function RotationStatusBadge({ status }: { status: RotationStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} radius="sm" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}
