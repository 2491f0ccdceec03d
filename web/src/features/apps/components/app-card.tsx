import { phaseOf, type DashboardApp } from '@portal/contract';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { LinkCard } from '@/components/link-card.tsx';
import { AppIcon } from '@/components/app-icon.tsx';
import { AppPhase } from './app-phase.tsx';

function AppCardBody({ app }: { app: DashboardApp }) {
  const phase = phaseOf(app);
  return (
    <Stack gap="md" h="100%">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <AppIcon icon={app.icon} />
        <Box miw={0}>
          <Text fw={600} size="lg" lh={1.3}>
            {app.name}
          </Text>
          {app.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {app.description}
            </Text>
          )}
        </Box>
      </Group>
      {phase && (
        <Box mt="auto">
          <AppPhase phase={phase} />
        </Box>
      )}
    </Stack>
  );
}

/** The whole card opens the app; an app without a URL is shown but not a link. */
export function AppCard({ app }: { app: DashboardApp }) {
  if (!app.url) {
    return (
      <Card h="100%" aria-disabled>
        <AppCardBody app={app} />
      </Card>
    );
  }
  return (
    <LinkCard href={app.url}>
      <AppCardBody app={app} />
    </LinkCard>
  );
}
