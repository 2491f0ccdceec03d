import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { AppGrid } from '@/features/apps/components/app-grid.tsx';

export default function DashboardRoute() {
  return (
    <Stack gap="lg">
      <PageHeader title="Your apps" description="Open an app of the Industry Alignment Management Platform." />
      <AppGrid />
    </Stack>
  );
}
