import { DEFAULT_SWC_ACTOR, DEFAULT_SWC_TENANT, SwcBindingActor, SwcTenantId, type SwcBindingQuery } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { SwcPermissions } from '@/features/admin-swc/components/swc-permissions.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { AdminOnly, isAdminSession } from '../guards/admin-only.tsx';
import { useSessionCheck } from '../guards/use-session-check.ts';

/** The first tenant shown: the screen's own default, unless SWCombine just sent the admin back for one. */
const FIRST_TENANT = '1324';

function initialBinding(params: URLSearchParams): SwcBindingQuery {
  const tenant = SwcTenantId.safeParse(params.get('tenant_id') ?? FIRST_TENANT);
  const actor = SwcBindingActor.safeParse(params.get('actor') ?? DEFAULT_SWC_ACTOR);
  return { tenant_id: tenant.success ? tenant.data : DEFAULT_SWC_TENANT, actor: actor.success ? actor.data : DEFAULT_SWC_ACTOR };
}

/** Outside the admin guard: it tells a signed-out visitor or a player why they see nothing, instead of redirecting. */
export default function AdminSwcRoute() {
  const check = useSessionCheck();
  const [params] = useSearchParams();
  const admin = isAdminSession(check);
  return (
    <Stack gap="lg">
      <PageHeader
        parent={admin ? ADMIN_PANEL : undefined}
        title="SWCombine Permissions"
        description="Connect the SWCombine permissions a tenant's faction leader or service account grants the game integration."
      />
      <AdminOnly
        check={check}
        signedOutHint="Sign in with an admin character to connect SWCombine permissions."
        notAdminHint="Only admins connect SWCombine permissions."
      >
        <SwcPermissions initial={initialBinding(params)} />
      </AdminOnly>
    </Stack>
  );
}
