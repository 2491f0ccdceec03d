import { Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header.tsx';
import { getGalaxyMap } from '@/features/stored-data/api/get-galaxy-map.ts';
import { GalaxyMap } from '@/features/stored-data/components/galaxy-map.tsx';
import { SYNC_SCREEN } from '@/features/stored-data/paths.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { AdminOnly, isAdminSession } from '../guards/admin-only.tsx';
import { useSessionCheck } from '../guards/use-session-check.ts';
import { prefetchForScreen } from '../route-preload.ts';

/** The galaxy is asked together with /api/me, not after it (a visitor who is no admin gets a 403 that nothing shows). */
export function prefetch(client: QueryClient): void {
  prefetchForScreen(client, { queryKey: queryKeys.storedData.galaxyMap, queryFn: ({ signal }) => getGalaxyMap(signal) });
}

/** /admin/radiant-mgmt/map: the synced galaxy and the faction inventory; like Radiant Management, it says who may not see it. */
export default function AdminGalaxyMapRoute() {
  const check = useSessionCheck();
  const admin = isAdminSession(check);
  return (
    <Stack gap="lg">
      <PageHeader
        parent={admin ? SYNC_SCREEN : undefined}
        title="Galaxy map"
        description={
          admin ? 'The synced systems at their coordinates, their sectors outlined, and where the faction inventory lies.' : undefined
        }
      />
      <AdminOnly check={check} notAdminHint="Ask an administrator of the portal if you need to see the synced galaxy.">
        <GalaxyMap />
      </AdminOnly>
    </Stack>
  );
}
