import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { UsersAdmin } from '@/features/admin-users/components/users-admin.tsx';

export default function AdminUsersRoute() {
  return (
    <Stack gap="lg">
      <PageHeader parent={ADMIN_PANEL} title="Users" description="Add users and review their apps, sessions and audit log." />
      <UsersAdmin />
    </Stack>
  );
}
