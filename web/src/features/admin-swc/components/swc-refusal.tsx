import { Button, Center, EmptyState } from '@mantine/core';
import { IconLock, IconLogin2 } from '@tabler/icons-react';
import { loginUrl } from '@/lib/auth-urls.ts';

/**
 * Why the screen shows nothing else. A visitor who is not signed in gets the portal's normal sign-in;
 * it returns to /dashboard, the one page of the portal that sign-in admits.
 */
export function SwcRefusal({ reason }: { reason: 'signed-out' | 'not-admin' }) {
  const signedOut = reason === 'signed-out';
  return (
    <Center mih={240} p="md">
      <EmptyState
        variant="light"
        maw={420}
        icon={signedOut ? <IconLogin2 size={28} aria-hidden /> : <IconLock size={28} aria-hidden />}
        title={signedOut ? 'You are not logged in.' : 'You do not have the admin role.'}
        description={
          signedOut ? 'Sign in with an admin character to connect SWCombine permissions.' : 'Only admins connect SWCombine permissions.'
        }
      >
        {signedOut && (
          <EmptyState.Actions>
            <Button component="a" href={loginUrl(window.location.origin)} leftSection={<IconLogin2 size={16} aria-hidden />}>
              Login with Radiant
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Center>
  );
}
