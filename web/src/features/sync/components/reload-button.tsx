import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Reads a query again now ("Refresh", "Reload figures"), spinning while it does. */
export function ReloadButton({ query, children }: { query: { isFetching?: boolean; refetch: () => unknown }; children: ReactNode }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    >
      {children}
    </Button>
  );
}
