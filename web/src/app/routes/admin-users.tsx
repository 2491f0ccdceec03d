import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { UsersAdmin } from '@/features/admin-users/components/users-admin.tsx';

export default function AdminUsersRoute() {
  return (
    <Stack gap="lg">
      <PageHeader title="Users" description="Add users and review their apps, sessions and audit log." />
      <UsersAdmin />
    </Stack>
  );
}
