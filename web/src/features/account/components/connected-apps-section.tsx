import type { ConnectedApp } from '@portal/contract';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconClockPause, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { AppIcon } from '@/components/app-icon.tsx';
import { useConnectedApps } from '../api/get-connected-apps.ts';
import { DisconnectAppDialog } from './disconnect-app-dialog.tsx';
import { TokenExchangeApps } from './token-exchange-apps.tsx';
import { When } from './when.tsx';

function ConnectedAppCard({ app, onDisconnect }: { app: ConnectedApp; onDisconnect: () => void }) {
  return (
    <Card withBorder padding="md" component="li" aria-label={app.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <AppIcon icon={app.icon} />
            <Stack gap={2} miw={0}>
              <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                {app.name}
              </Title>
              <Text size="sm" c="dimmed">
                Connected <When iso={app.since} /> · last used <When iso={app.last_used_at} empty="not recently" />
              </Text>
            </Stack>
          </Group>
          {app.offline && (
            <Badge variant="light" color="yellow" leftSection={<IconClockPause size={12} aria-hidden />}>
              Can act while you are away
            </Badge>
          )}
        </Group>
        <List size="sm" spacing={2} aria-label={`What ${app.name} may do`}>
          {app.scopes.map((s) => (
            <List.Item key={s.scope}>{s.words}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconPlugConnectedX size={14} aria-hidden />}
            aria-label={`Disconnect ${app.name}`}
            onClick={onDisconnect}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Connected apps: the OpenID Connect apps holding a grant, each with Disconnect; then the apps that act on SWCombine for you. */
export function ConnectedAppsSection() {
  const apps = useConnectedApps();
  const [disconnecting, setDisconnecting] = useState<ConnectedApp | null>(null);
  const outcome = useFeedback();
  return (
    <SectionCard
      title="Connected apps"
      description="Apps you signed in to with your character that keep tokens for you: what each may do, since when, and when it last used them."
    >
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      {apps.isPending ? (
        <CenteredLoader label="Loading connected apps..." />
      ) : apps.isError ? (
        <ErrorAlert title="Failed to load your connected apps." error={apps.error} onRetry={() => void apps.refetch()} />
      ) : (
        <>
          {apps.data.oidc.length === 0 ? (
            <Text size="sm" c="dimmed">
              No app keeps tokens for you. An app you sign in to with your character shows here.
            </Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Connected apps">
              {apps.data.oidc.map((app) => (
                <ConnectedAppCard
                  key={app.key}
                  app={app}
                  onDisconnect={() => {
                    outcome.clear();
                    setDisconnecting(app);
                  }}
                />
              ))}
            </Stack>
          )}
          <TokenExchangeApps exchange={apps.data.token_exchange} />
        </>
      )}
      <DisconnectAppDialog
        app={disconnecting}
        onClose={() => setDisconnecting(null)}
        onDone={(name) => outcome.succeed(`${name} disconnected.`)}
      />
    </SectionCard>
  );
}
