import type { App } from '@portal/contract';
import { Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header.tsx';
import type { UserOption } from '@/components/user-select.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { CentralGrantsPanel } from '@/features/central-grants/components/central-grants-panel.tsx';
import { UserAppPicker } from '../pickers/user-app-picker.tsx';

const LOAD_FAILED = 'Failed to load apps/users.';

export default function AdminCentralGrantsRoute() {
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
        <UserAppPicker user={user} app={app} onUserChange={setUser} onAppChange={setApp} usersError={LOAD_FAILED} appsError={LOAD_FAILED} />
      </Card>
      {user && app ? (
        <CentralGrantsPanel key={`${user.id}:${app.id}`} userId={user.id} appId={app.id} />
      ) : (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          Pick a user and an app to see their scopes and central roles.
        </Text>
      )}
    </Stack>
  );
}
