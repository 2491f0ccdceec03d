import { AppShell, Container } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { getMe, useMe } from '@/features/me/api/get-me.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { getRuntimeConfig } from '@/lib/runtime-config.ts';
import { prefetchForScreen } from '../route-preload.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { SIMULATOR_NOTICE_HEIGHT, SimulatorNotice } from './simulator-notice.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

const HEADER_HEIGHT = 64;

/** Every signed-in screen starts by asking who is signed in: the call starts with this chunk, before the first render. */
export function prefetch(client: QueryClient): void {
  prefetchForScreen(client, { queryKey: queryKeys.me, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
}

/**
 * Signed-in screens: header, the screen, footer. It paints before the session is known (the user
 * menu joins the header once /api/me answers); the session guard inside decides what the content area shows.
 */
export default function AppLayout() {
  const { data: user } = useMe();
  const { simulator } = getRuntimeConfig();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (simulator ? SIMULATOR_NOTICE_HEIGHT : 0) }}
      padding={0}
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}
    >
      <AppShell.Header bg="dark.8">
        <SkipLink />
        {simulator && <SimulatorNotice />}
        <div style={{ height: HEADER_HEIGHT }}>
          <AppHeader user={user} />
        </div>
      </AppShell.Header>
      <AppShell.Main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 'auto', outline: 'none' }}
      >
        <Container size="lg" w="100%" px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 'xl' }} style={{ flex: 1 }}>
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </Container>
        {/* Mantine draws menus, lists and dialogs into its one shared node; made here, it sits inside <main>, so an open
            list is within the page's landmarks rather than loose at the end of <body>. */}
        <div data-portal="true" data-mantine-shared-portal-node="true" />
      </AppShell.Main>
      <AppFooter />
    </AppShell>
  );
}
