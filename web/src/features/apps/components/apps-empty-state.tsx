import { Card, EmptyState } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';

export function AppsEmptyState() {
  return (
    <Card py={48}>
      <EmptyState
        variant="light"
        icon={<IconLayoutGrid size={28} aria-hidden />}
        title="No apps yet"
        description="Apps you have access to will appear here. Ask an administrator if you expected to see one."
      />
    </Card>
  );
}
