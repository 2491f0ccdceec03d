import { Button, Center, EmptyState } from '@mantine/core';
import { IconLock, IconLogin2, IconShieldOff } from '@tabler/icons-react';
import { loginUrl } from '@/lib/auth-urls.ts';

/** /api/me answered 401 or not at all: the portal's normal sign-in, back to the dashboard. */
export function SignedOutNotice() {
  return (
    <Center mih={240} p="md">
      <EmptyState variant="light" maw={420} icon={<IconLock size={28} aria-hidden />} title="You are not logged in.">
        <EmptyState.Actions>
          <Button component="a" href={loginUrl(window.location.origin)} leftSection={<IconLogin2 size={18} aria-hidden />}>
            Login with Radiant
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

/** Signed in, but neither the roles list nor the role field says admin. */
export function NoAdminRoleNotice() {
  return (
    <Center mih={240} p="md">
      <EmptyState
        variant="light"
        color="red"
        maw={420}
        icon={<IconShieldOff size={28} aria-hidden />}
        title="You do not have the admin role."
        description="Ask an administrator of the portal if you need to manage data synchronisation."
      />
    </Center>
  );
}
