import type { App } from '@portal/contract';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppSelect } from '@/components/app-select.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { UserSelect, type UserOption } from '@/components/user-select.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { ConsentsPanel } from '@/features/admin-consents/components/consents-panel.tsx';
import { useUserSearch } from '@/features/admin-users/api/list-users.ts';

const LOAD_FAILED = 'Failed to load apps/users.';

export default function AdminConsentsRoute() {
  const users = useUserSearch();
  const apps = useAdminApps();
  const [user, setUser] = useState<UserOption | null>(null);
  const [app, setApp] = useState<App | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader
        parent={ADMIN_PANEL}
        title="Central Consents & Roles"
        description="Grant and revoke a user's central consent scopes and roles per app."
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <UserSelect
            users={users.users}
            value={user}
            onChange={setUser}
            onSearchChange={users.setSearch}
            searching={users.searching}
            error={users.isError ? LOAD_FAILED : undefined}
          />
          <AppSelect
            apps={apps.data ?? []}
            value={app?.id ?? null}
            onChange={setApp}
            loading={apps.isPending}
            error={apps.isError ? LOAD_FAILED : undefined}
          />
        </SimpleGrid>
      </Card>
      {user && app ? (
        <ConsentsPanel key={`${user.id}:${app.id}`} userId={user.id} appId={app.id} />
      ) : (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          Pick a user and an app to see their scopes and central roles.
        </Text>
      )}
    </Stack>
  );
}
