import { Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header.tsx';
import { getApps } from '@/features/apps/api/get-apps.ts';
import { AppGrid } from '@/features/apps/components/app-grid.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { prefetchForScreen } from '../route-preload.ts';

/** The apps are asked together with /api/me, not after it: the cards can show as soon as the session is confirmed. */
export function prefetch(client: QueryClient): void {
  prefetchForScreen(client, { queryKey: queryKeys.dashboardApps, queryFn: ({ signal }) => getApps(signal) });
}

export default function DashboardRoute() {
  return (
    <Stack gap="lg">
      <PageHeader title="Your apps" description="Open an app of the Industry Alignment Management Platform." />
      <AppGrid />
    </Stack>
  );
}
