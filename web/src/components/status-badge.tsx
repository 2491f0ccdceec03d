import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A status in a table cell or a card: a small square-cornered badge that never wraps. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" miw="max-content">
      {children}
    </Badge>
  );
}
