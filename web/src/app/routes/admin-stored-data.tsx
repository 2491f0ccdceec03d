import { DataKind } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { DataView } from '@/features/stored-data/components/data-view.tsx';
import { SYNC_SCREEN } from '@/features/stored-data/paths.ts';
import { AdminOnly, isAdminSession } from '../guards/admin-only.tsx';
import { useSessionCheck } from '../guards/use-session-check.ts';

/** /admin/radiant-mgmt/data?target=systems: what the sync stored for a target; like Radiant Management, it says who may not see it. */
export default function AdminStoredDataRoute() {
  const check = useSessionCheck();
  const admin = isAdminSession(check);
  const [params, setParams] = useSearchParams();
  const parsed = DataKind.safeParse(params.get('target'));
  const target = parsed.success ? parsed.data : 'systems';
  return (
    <Stack gap="lg">
      <PageHeader
        parent={admin ? SYNC_SCREEN : undefined}
        title="Synced data"
        description={admin ? 'The rows the Radiant sync stored, gone ones included, each with the answer SWCombine sent.' : undefined}
      />
      <AdminOnly check={check} notAdminHint="Ask an administrator of the portal if you need to see the synced data.">
        {/* A new target starts with an empty search on its first page. */}
        <DataView key={target} target={target} onTargetChange={(next) => setParams({ target: next })} />
      </AdminOnly>
    </Stack>
  );
}
