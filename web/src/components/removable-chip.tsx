import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

interface RemovableChipProps {
  /** The granted value the chip shows. */
  children: ReactNode;
  /** The button that takes it away, at the chip's right end. */
  action: ReactNode;
}

/** One granted value (a scope, a role) in a list of chips, with its revoke button. */
export function RemovableChip({ children, action }: RemovableChipProps) {
  return (
    <Badge role="listitem" size="lg" radius="xl" variant="light" tt="none" fw={500} pr={4} rightSection={action}>
      {children}
    </Badge>
  );
}
