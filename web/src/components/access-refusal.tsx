import { Button, Center, EmptyState } from '@mantine/core';
import { IconLayoutDashboard, IconLock, IconLogin2, IconShieldOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loginUrl } from '@/lib/auth-urls.ts';

interface AccessRefusalProps {
  /** Signed out (/api/me answered 401 or not at all), or signed in without the admin role. */
  reason: 'signed-out' | 'not-admin';
  /** What the screen would have offered, and how to get it. */
  description?: string;
}

/**
 * Why an admin screen shows nothing else, instead of redirecting. A signed-out visitor gets the portal's
 * normal sign-in, which returns to /dashboard, the one page of the portal that sign-in admits; a player
 * without the admin role a way back to their dashboard.
 */
export function AccessRefusal({ reason, description }: AccessRefusalProps) {
  if (reason === 'not-admin') {
    return (
      <Center mih={240} p="md">
        <EmptyState variant="light" color="red" maw={420} icon={<IconShieldOff size={28} aria-hidden />}>
          {/* The page's heading: nothing else of the screen is shown. The hint follows it, as it is read. */}
          <EmptyState.Title order={1}>You do not have the admin role.</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
          <EmptyState.Actions>
            <Button component={Link} to="/dashboard" variant="default" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
              Go to the dashboard
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }
  return (
    <Center mih={240} p="md">
      <EmptyState variant="light" maw={420} icon={<IconLock size={28} aria-hidden />}>
        <EmptyState.Title order={1}>You are not logged in.</EmptyState.Title>
        {description && <EmptyState.Description>{description}</EmptyState.Description>}
        <EmptyState.Actions>
          <Button component="a" href={loginUrl(window.location.origin)} leftSection={<IconLogin2 size={16} aria-hidden />}>
            Login with Radiant
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
