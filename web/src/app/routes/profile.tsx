import { Anchor, Group, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useMe } from '@/features/me/api/get-me.ts';
import { ProfileCard } from '@/features/me/components/profile-card.tsx';
import { SwcSettingsCard } from '@/features/swc-token/components/swc-settings-card.tsx';

export default function ProfileRoute() {
  const { data: user } = useMe();
  if (!user) return <CenteredLoader label="Loading profile…" />;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Your Profile" />
      <ProfileCard user={user} />
      <SwcSettingsCard />
      <Anchor component={Link} to="/account" fw={500} w="fit-content">
        <Group gap={4} wrap="nowrap">
          Your account
          <IconChevronRight size={16} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}
