import { DEFAULT_SWC_ACTOR, DEFAULT_SWC_TENANT, isAdmin, SwcBindingActor, SwcTenantId, type SwcBindingQuery } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SwcPermissions } from '@/features/admin-swc/components/swc-permissions.tsx';
import { SwcRefusal } from '@/features/admin-swc/components/swc-refusal.tsx';
import { useMe } from '@/features/me/api/get-me.ts';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { isSessionFailure } from '@/lib/api-error.ts';

/** The first tenant shown: the screen's own default, unless SWCombine just sent the admin back for one. */
const FIRST_TENANT = '1324';

function initialBinding(params: URLSearchParams): SwcBindingQuery {
  const tenant = SwcTenantId.safeParse(params.get('tenant_id') ?? FIRST_TENANT);
  const actor = SwcBindingActor.safeParse(params.get('actor') ?? DEFAULT_SWC_ACTOR);
  return { tenant_id: tenant.success ? tenant.data : DEFAULT_SWC_TENANT, actor: actor.success ? actor.data : DEFAULT_SWC_ACTOR };
}

/** Outside the admin guard: it tells a signed-out visitor or a player why they see nothing, instead of redirecting. */
export default function AdminSwcRoute() {
  const me = useMe();
  const [params] = useSearchParams();
  const user = me.data;
  const signedOut = me.isError && isSessionFailure(me.error);

  let body;
  if (user && isAdmin(user)) body = <SwcPermissions initial={initialBinding(params)} />;
  else if (user) body = <SwcRefusal reason="not-admin" />;
  else if (signedOut) body = <SwcRefusal reason="signed-out" />;
  else if (me.isError && !me.isFetching)
    body = (
      <ErrorState
        title="We could not check your session"
        description="The sign-in service answered with an error. Please try again in a moment."
        onRetry={() => void me.refetch()}
      />
    );
  else body = <CenteredLoader label="Loading..." />;

  return (
    <Stack gap="lg">
      <PageHeader
        parent={user && isAdmin(user) ? ADMIN_PANEL : undefined}
        title="SWCombine Permissions"
        description="Connect the SWCombine permissions a tenant's faction leader or service account grants the game integration."
      />
      {body}
    </Stack>
  );
}
