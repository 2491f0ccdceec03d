import type { App, AuditFilters } from '@portal/contract';
import { AppSelect } from '@/components/app-select.tsx';
import { UserSelect, type UserOption } from '@/components/user-select.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { useUserSearch } from '@/features/admin-users/api/list-users.ts';
import { useState } from 'react';

function UserFilter({ label, onChange }: { label: string; onChange: (id: string | undefined) => void }) {
  const users = useUserSearch();
  const [user, setUser] = useState<UserOption | null>(null);
  return (
    <UserSelect
      label={label}
      users={users.users}
      value={user}
      onChange={(picked) => {
        setUser(picked);
        onChange(picked?.id);
      }}
      onSearchChange={users.setSearch}
      searching={users.searching}
      error={users.isError ? 'Failed to load users.' : undefined}
    />
  );
}

/** The Activity screen's people and app filters: the user acted upon, the admin who acted, the app. */
export function ActivityPickers({ onChange }: { onChange: (patch: Partial<AuditFilters>) => void }) {
  const apps = useAdminApps();
  const [app, setApp] = useState<App | null>(null);
  return (
    <>
      <UserFilter label="User acted upon" onChange={(user) => onChange({ user })} />
      <UserFilter label="Actor (admin)" onChange={(actor) => onChange({ actor })} />
      <AppSelect
        apps={apps.data ?? []}
        description="Events about one app."
        value={app?.id ?? null}
        onChange={(picked) => {
          setApp(picked);
          onChange({ app: picked?.key });
        }}
        loading={apps.isPending}
        error={apps.isError ? 'Failed to load apps.' : undefined}
      />
    </>
  );
}
