import { isAdmin } from '@portal/contract';
import { Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header.tsx';
import { getNotices } from '@/features/account/api/notices.ts';
import { AccessNotice } from '@/features/account/components/access-notice.tsx';
import { getApps } from '@/features/apps/api/get-apps.ts';
import { AppGrid } from '@/features/apps/components/app-grid.tsx';
import { useMe } from '@/features/me/api/get-me.ts';
import { getSignInNote } from '@/features/passkeys/api/sign-in-note.ts';
import { SignInNote } from '@/features/passkeys/components/sign-in-note.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { prefetchForScreen } from '../route-preload.ts';

/**
 * The apps, the changes to the player's access not seen yet, and the note about SWCombine, are asked together with /api/me, not after
 * it: the cards and the notice above them can show as soon as the session is confirmed.
 */
export function prefetch(client: QueryClient): void {
  prefetchForScreen(client, { queryKey: queryKeys.dashboardApps, queryFn: ({ signal }) => getApps(signal) });
  prefetchForScreen(client, { queryKey: queryKeys.account.notices, queryFn: ({ signal }) => getNotices(signal) });
  prefetchForScreen(client, { queryKey: queryKeys.signInNote, queryFn: ({ signal }) => getSignInNote(signal) });
}

export default function DashboardRoute() {
  const { data: user } = useMe();
  return (
    <Stack gap="lg">
      <PageHeader title="Your apps" description="Open an app of the Industry Alignment Management Platform." />
      <SignInNote />
      <AccessNotice />
      <AppGrid admin={user ? isAdmin(user) : false} />
    </Stack>
  );
}
