import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Card, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header.tsx';
import type { UserOption } from '@/components/user-select.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { AccessPanel } from '@/features/admin-users/components/access-panel.tsx';
import { UserAppPicker } from '../pickers/user-app-picker.tsx';

// The portal admits every player: there is no access to grant for it.
const grantable = (app: App) => app.key !== PORTAL_APP_KEY;

export default function AdminAccessRoute() {
  const [user, setUser] = useState<UserOption | null>(null);
  const [app, setApp] = useState<App | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader parent={ADMIN_PANEL} title="User App Access" description="Grant, suspend or revoke a user's access to an app." />
      <Card>
        <Stack gap="lg">
          <UserAppPicker
            user={user}
            app={app}
            onUserChange={setUser}
            onAppChange={setApp}
            appFilter={grantable}
            usersError="Failed to load users"
            appsError="Failed to load apps"
          />
          <AccessPanel user={user} app={app} />
        </Stack>
      </Card>
    </Stack>
  );
}
