import { Badge, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHexagons, IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { loginUrl } from '@/lib/auth-urls.ts';

interface LoginCardProps {
  /** This site's origin: the auth service sends the browser back to its /dashboard. */
  origin: string;
  simulator: boolean;
  /** The other way in, below the SWCombine button (a passkey). */
  alternative?: ReactNode;
}

export function LoginCard({ origin, simulator, alternative }: LoginCardProps) {
  return (
    <Paper withBorder shadow="xl" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={460}>
      <Stack align="center" gap="lg" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconHexagons size={40} stroke={1.5} />
        </ThemeIcon>
        <Stack gap="xs" align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
            Welcome to the Industry Alignment Management Platform
          </Title>
          <Text c="dimmed">Please login with your SWCombine Account</Text>
        </Stack>
        <Button component="a" href={loginUrl(origin)} size="md" fullWidth leftSection={<IconLogin2 size={20} aria-hidden />}>
          Login with SWCombine
        </Button>
        {alternative}
        {simulator && (
          <Badge variant="outline" color="gold" size="lg">
            SWCombine simulator
          </Badge>
        )}
      </Stack>
    </Paper>
  );
}
