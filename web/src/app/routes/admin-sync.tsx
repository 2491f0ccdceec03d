import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { dataViewPath, GALAXY_MAP_PATH } from '@/features/stored-data/paths.ts';
import { SyncManagement } from '@/features/sync/components/sync-management.tsx';
import { AdminOnly, isAdminSession } from '../guards/admin-only.tsx';
import { useSessionCheck } from '../guards/use-session-check.ts';

const SYNCED_DATA = { data: dataViewPath, map: GALAXY_MAP_PATH };

/**
 * /admin/radiant-mgmt sits outside the session and admin guards: instead of redirecting, it says
 * when the visitor is signed out or not an admin.
 */
export default function AdminSyncRoute() {
  const check = useSessionCheck();
  const admin = isAdminSession(check);
  return (
    <Stack gap="lg">
      <PageHeader
        parent={admin ? ADMIN_PANEL : undefined}
        title="Radiant Management"
        description={admin ? 'Read SWCombine data into the portal and follow the sync jobs.' : undefined}
      />
      <AdminOnly check={check} notAdminHint="Ask an administrator of the portal if you need to manage data synchronisation.">
        <SyncManagement links={SYNCED_DATA} />
      </AdminOnly>
    </Stack>
  );
}
