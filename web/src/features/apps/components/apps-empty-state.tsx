import { Card } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { ListEmpty } from '@/components/list-empty.tsx';

export function AppsEmptyState() {
  return (
    <Card p={0}>
      <ListEmpty
        icon={<IconLayoutGrid size={28} aria-hidden />}
        title="No apps yet"
        description="Apps you have access to will appear here. Ask an administrator if you expected to see one."
      />
    </Card>
  );
}
