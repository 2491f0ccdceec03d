import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconApps, IconBrandDiscord, IconDevices, IconHistory, IconKey, IconShieldCheck, IconUsersGroup } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '@/lib/api-error.ts';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { PageTabs, type PageTab } from '@/components/page-tabs.tsx';
import { USERS } from '@/lib/admin-pages.ts';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { UserCentralGrants } from '@/features/central-grants/components/user-central-grants.tsx';
import { useAdminUser } from '@/features/admin-users/api/get-user.ts';
import { AuditTable } from '@/features/admin-users/components/audit-table.tsx';
import { SessionsTable } from '@/features/admin-users/components/sessions-table.tsx';
import { UserAppsAccess } from '@/features/admin-users/components/user-apps-access.tsx';
import { UserConnectedApps } from '@/features/admin-users/components/user-connected-apps.tsx';
import { UserGroups } from '@/features/admin-users/components/user-groups.tsx';
import { UserPasskeys } from '@/features/passkeys/components/user-passkeys.tsx';
import { userDates, userOrigin } from '@/features/admin-users/components/user-summary.tsx';
import { UserDiscordCard } from '@/features/discord/components/user-discord-card.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { NOT_SIGNED_IN } from '@/components/user-select.tsx';
import type { AdminUser } from '@portal/contract';

function Facts({ user }: { user: AdminUser }) {
  return (
    <Group gap="sm" wrap="nowrap" component="span">
      <UserAvatar user={user} size={36} />
      <Stack gap={0} component="span">
        <Text span size="sm" c="dimmed">
          {userOrigin(user)}
        </Text>
        <Text span size="xs" c="dimmed">
          {userDates(user)}
        </Text>
      </Stack>
    </Group>
  );
}

function RolesAndCentralGrants({ userId }: { userId: string }) {
  const apps = useAdminApps();
  if (apps.isPending) return <CenteredLoader label="Loading apps..." />;
  if (apps.isError) return <ErrorAlert title="Failed to load apps/users." error={apps.error} onRetry={() => void apps.refetch()} />;
  return <UserCentralGrants userId={userId} apps={apps.data} />;
}

/** An id that names no user (an old link, a user since removed): reading it again cannot help, so the way out is offered. */
function NoSuchUser() {
  return (
    <Alert color="red" variant="light" role="alert" title="This user does not exist.">
      <Text size="sm">
        No user has this id: the link may be old or mistyped.{' '}
        <Anchor component={Link} to={USERS.to} underline="always">
          Back to Users
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The user page's sections, in order: adding one is adding an entry. */
const tabsOf = (user: AdminUser): PageTab[] => [
  { value: 'apps', label: 'Apps & access', icon: IconApps, panel: () => <UserAppsAccess user={user} /> },
  { value: 'groups', label: 'Groups', icon: IconUsersGroup, panel: () => <UserGroups userId={user.id} headingOrder={2} /> },
  { value: 'consents', label: 'Roles & consents', icon: IconShieldCheck, panel: () => <RolesAndCentralGrants userId={user.id} /> },
  {
    value: 'discord',
    label: 'Discord',
    icon: IconBrandDiscord,
    panel: () => <UserDiscordCard userId={user.id} name={user.name ?? user.uid} />,
  },
  {
    value: 'sessions',
    label: 'Sessions',
    icon: IconDevices,
    panel: () => (
      <Stack gap="lg">
        <SessionsTable user={user} headingOrder={2} />
        <UserConnectedApps user={user} headingOrder={2} />
      </Stack>
    ),
  },
  { value: 'passkeys', label: 'Passkeys', icon: IconKey, panel: () => <UserPasskeys user={user} /> },
  { value: 'events', label: 'Events', icon: IconHistory, panel: () => <AuditTable userId={user.id} headingOrder={2} /> },
];

/** /admin/users/{id}: one user, their access to each app, their groups, their roles and consents, sessions, passkeys and events. */
export default function AdminUserPageRoute() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  return (
    <Stack gap="lg">
      <PageHeader
        parent={USERS}
        title={user.data ? (user.data.name ?? NOT_SIGNED_IN) : 'User'}
        description={user.data && <Facts user={user.data} />}
      />
      {user.isPending ? (
        <CenteredLoader label="Loading user..." />
      ) : isNotFound(user.error) ? (
        <NoSuchUser />
      ) : user.isError ? (
        <ErrorAlert title="Failed to load the user." error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <PageTabs key={user.data.id} label={`Sections of ${user.data.name ?? user.data.uid}`} tabs={tabsOf(user.data)} />
      )}
    </Stack>
  );
}
