import { displayStatus } from '@portal/contract';
import { Badge } from '@mantine/core';

const colors: Record<string, string> = { active: 'teal', suspended: 'yellow', revoked: 'red', none: 'gray' };

/** An empty status reads 'none'. */
export function AccessStatusBadge({ status }: { status: string }) {
  const label = displayStatus(status);
  return (
    <Badge variant={label === 'none' ? 'outline' : 'light'} color={colors[label] ?? 'blue'} tt="none" size="md">
      {label}
    </Badge>
  );
}
