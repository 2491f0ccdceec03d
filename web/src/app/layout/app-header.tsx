import type { CurrentUser } from '@portal/contract';
import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconHexagons } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserMenu } from './user-menu.tsx';

/** The title, linking to the dashboard, and the user menu once the user is known. */
export function AppHeader({ user }: { user: CurrentUser | undefined }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Anchor component={Link} to="/dashboard" underline="never" c="bright" miw={0}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
            <IconHexagons size={22} stroke={1.6} />
          </ThemeIcon>
          <Text component="span" fw={700} fz={{ base: 'sm', sm: 'lg' }} lh={1.2}>
            Industry Alignment Management Platform
          </Text>
        </Group>
      </Anchor>
      {user && <UserMenu user={user} />}
    </Group>
  );
}
