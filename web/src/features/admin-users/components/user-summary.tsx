import type { AdminUser } from '@portal/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { NOT_SIGNED_IN } from '@/components/user-select.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

/** `uid · faction · race` */
export const userOrigin = (user: AdminUser) => [user.uid, user.faction, user.race].filter(Boolean).join(' · ');

/** When the user was added and last signed in. */
export const userDates = (user: AdminUser) =>
  `Added ${formatDateTime(user.created_at)} · Last sign-in ${formatDateTime(user.last_login_at, 'never')}`;

/** Who the user is: avatar, name (or 'Not signed in yet'), `uid · faction · race`, when added and last signed in. */
export function UserSummary({ user }: { user: AdminUser }) {
  return (
    <Group gap="md" wrap="nowrap" miw={0}>
      <UserAvatar user={user} size={48} />
      <Stack gap={2} miw={0}>
        <Title order={2} fz="lg" c={user.name ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {user.name ?? NOT_SIGNED_IN}
        </Title>
        <Text size="sm" c="dimmed">
          {userOrigin(user)}
        </Text>
        <Text size="xs" c="dimmed">
          {userDates(user)}
        </Text>
      </Stack>
    </Group>
  );
}
