import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { ActivityAdmin } from '@/features/admin-activity/components/activity-admin.tsx';
import { ActivityPickers } from '../pickers/activity-pickers.tsx';

export default function AdminActivityRoute() {
  return (
    <Stack gap="lg">
      <PageHeader
        parent={ADMIN_PANEL}
        title="Activity"
        description="Every sign-in, refusal, admin change and failure, searchable; export it or forward it to your SIEM."
      />
      <ActivityAdmin pickers={(onChange) => <ActivityPickers onChange={onChange} />} />
    </Stack>
  );
}
