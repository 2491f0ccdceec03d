import { Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useApps } from '../api/get-apps.ts';
import { AppCard } from './app-card.tsx';
import { AppsEmptyState } from './apps-empty-state.tsx';

function Grid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg" aria-busy={busy}>
      {children}
    </SimpleGrid>
  );
}

function AppCardSkeleton() {
  return (
    <Card>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Skeleton h={48} w={48} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={16} w="60%" />
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      </Group>
    </Card>
  );
}

/** The dashboard's apps: skeletons while loading; a failed load shows the same empty list as no apps (a player need not know why). */
export function AppGrid({ admin = false }: { admin?: boolean }) {
  const apps = useApps();
  if (apps.isPending) {
    return (
      <Grid busy>
        <VisuallyHidden role="status">Loading apps</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <AppCardSkeleton key={i} />
        ))}
      </Grid>
    );
  }
  const list = apps.data ?? [];
  if (list.length === 0) return <AppsEmptyState admin={admin} />;
  return (
    <Grid>
      {list.map((app) => (
        <AppCard key={app.id} app={app} />
      ))}
    </Grid>
  );
}
