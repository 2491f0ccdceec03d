import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { AppSelect } from '@/components/app-select.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { UserSelect, type UserOption } from '@/components/user-select.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { useUserSearch } from '@/features/admin-users/api/list-users.ts';
import { AccessPanel } from '@/features/admin-users/components/access-panel.tsx';

export default function AdminAccessRoute() {
  const users = useUserSearch();
  const apps = useAdminApps();
  const [user, setUser] = useState<UserOption | null>(null);
  const [app, setApp] = useState<App | null>(null);
  // The portal admits every player: there is no access to grant for it.
  const choices = (apps.data ?? []).filter((a) => a.key !== PORTAL_APP_KEY);

  return (
    <Stack gap="lg">
      <PageHeader parent={ADMIN_PANEL} title="User App Access" description="Grant, suspend or revoke a user's access to an app." />
      <Card>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <UserSelect
              users={users.users}
              value={user}
              onChange={setUser}
              onSearchChange={users.setSearch}
              searching={users.searching}
              error={users.isError ? 'Failed to load users' : undefined}
            />
            <AppSelect
              apps={choices}
              value={app?.id ?? null}
              onChange={setApp}
              loading={apps.isPending}
              error={apps.isError ? 'Failed to load apps' : undefined}
            />
          </SimpleGrid>
          <AccessPanel user={user} app={app} />
        </Stack>
      </Card>
    </Stack>
  );
}
