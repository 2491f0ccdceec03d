import { isAdmin, type CurrentUser } from '@portal/contract';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock, IconUserCircle, IconUserShield, IconUsersGroup } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { logoutUrl } from '@/lib/auth-urls.ts';
import { useHydrated } from '@/lib/server-rendered.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  const logoutFormId = useId();
  const hydrated = useHydrated();
  return (
    <>
      {/* Signing out changes state, so it is a POST; the form sits outside the menu, whose children must all be menu items. */}
      <form id={logoutFormId} method="post" action={logoutUrl()} hidden />
      {/* No focus placeholder: Mantine's is a focusable non-item inside role="menu"; focus goes to the first item instead.
          No portal: the open menu stays inside the header landmark. */}
      <Menu position="bottom-end" width={220} shadow="lg" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton
            aria-label={`User menu: ${user.name}`}
            aria-disabled={hydrated ? undefined : true}
            p={4}
            style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          >
            <Group gap="xs" wrap="nowrap">
              {/* The button is already named after the user: the picture is decoration. */}
              <Avatar src={user.image} alt="" name={user.name} color="initials" radius="xl" size={36} />
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
          {user.manages_groups > 0 && (
            <Menu.Item component={Link} to="/manage" leftSection={<IconUsersGroup size={16} aria-hidden />}>
              Manage
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
            Profile
          </Menu.Item>
          <Menu.Item component={Link} to="/account" leftSection={<IconUserShield size={16} aria-hidden />}>
            Your account
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item type="submit" form={logoutFormId} leftSection={<IconLogout size={16} aria-hidden />}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
