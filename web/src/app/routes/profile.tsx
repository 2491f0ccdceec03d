import { Stack } from '@mantine/core';
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
    </Stack>
  );
}
