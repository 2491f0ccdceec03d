import type { App } from '@portal/contract';
import { SimpleGrid } from '@mantine/core';
import { AppSelect } from '@/components/app-select.tsx';
import { UserSelect, type UserOption } from '@/components/user-select.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { useUserSearch } from '@/features/admin-users/api/list-users.ts';

interface UserAppPickerProps {
  user: UserOption | null;
  app: App | null;
  onUserChange: (user: UserOption | null) => void;
  onAppChange: (app: App | null) => void;
  /** The apps offered; every app of the catalog by default. */
  appFilter?: (app: App) => boolean;
  /** The screen's texts when the users or the apps could not be read. */
  usersError: string;
  appsError: string;
}

/** The user (searched on the server) and the app an admin screen works on, side by side. */
export function UserAppPicker({ user, app, onUserChange, onAppChange, appFilter, usersError, appsError }: UserAppPickerProps) {
  const users = useUserSearch();
  const apps = useAdminApps();
  const choices = apps.data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <UserSelect
        users={users.users}
        value={user}
        onChange={onUserChange}
        onSearchChange={users.setSearch}
        searching={users.searching}
        error={users.isError ? usersError : undefined}
      />
      <AppSelect
        apps={appFilter ? choices.filter(appFilter) : choices}
        value={app?.id ?? null}
        onChange={onAppChange}
        loading={apps.isPending}
        error={apps.isError ? appsError : undefined}
      />
    </SimpleGrid>
  );
}
