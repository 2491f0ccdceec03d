import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { AdminTiles } from '@/features/admin/components/admin-tiles.tsx';

export default function AdminRoute() {
  return (
    <Stack gap="lg">
      <PageHeader title="Admin Panel" description="Administer apps, users, access and integrations." />
      <AdminTiles />
    </Stack>
  );
}
