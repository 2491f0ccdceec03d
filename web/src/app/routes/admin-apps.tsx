import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { AppCatalog } from '@/features/admin-apps/components/app-catalog.tsx';

export default function AdminAppsRoute() {
  return (
    <Stack gap="lg">
      <PageHeader parent={ADMIN_PANEL} title="App Catalog" description="Create, edit and remove the apps users sign in to." />
      <AppCatalog />
    </Stack>
  );
}
