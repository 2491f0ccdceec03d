import { isAdmin, type CurrentUser } from '@portal/contract';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logoutUrl } from '@/lib/auth-urls.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <Menu position="bottom-end" width={220} shadow="lg" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu: ${user.name}`} p={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.image} alt={user.name} name={user.name} color="initials" radius="xl" size={36} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
        {isAdmin(user) && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component="a" href={logoutUrl()} leftSection={<IconLogout size={16} aria-hidden />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
