import { isAdmin } from '@portal/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { isSessionFailure } from '@/lib/api-error.ts';
import { useMe } from '@/features/me/api/get-me.ts';
import { NoAdminRoleNotice, SignedOutNotice } from '@/features/radiant-mgmt/components/access-notice.tsx';
import { RadiantManagement } from '@/features/radiant-mgmt/components/radiant-management.tsx';

const TITLE = 'Radiant Management';

/**
 * /admin/radiant-mgmt sits outside the session and admin guards: instead of redirecting, it says
 * when the visitor is signed out or not an admin.
 */
export default function AdminRadiantMgmtRoute() {
  const { data: user, error, isError, isFetching, refetch } = useMe();
  const settledError = isError && !isFetching;

  if (settledError && isSessionFailure(error)) return <Screen body={<SignedOutNotice />} />;
  if (user && !isAdmin(user)) return <Screen body={<NoAdminRoleNotice />} />;
  if (user) return <Screen admin body={<RadiantManagement />} />;
  if (settledError) {
    return (
      <ErrorState
        title="We could not check your session"
        description="The sign-in service answered with an error. Please try again in a moment."
        onRetry={() => void refetch()}
      />
    );
  }
  return <CenteredLoader label="Loading..." />;
}

function Screen({ body, admin = false }: { body: ReactNode; admin?: boolean }) {
  return (
    <Stack gap="lg">
      <PageHeader
        parent={admin ? ADMIN_PANEL : undefined}
        title={TITLE}
        description={admin ? 'Read SWCombine data into the portal and follow the sync jobs.' : undefined}
      />
      {body}
    </Stack>
  );
}
