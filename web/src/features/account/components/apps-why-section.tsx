import type { AskableApp, OpenApp, OpenVia } from '@portal/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { AppIcon } from '@/components/app-icon.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useAppsWhy } from '../api/get-apps-why.ts';

const VIA_LABEL: Record<OpenVia, { label: string; color: string }> = {
  grant: { label: 'Admin', color: 'blue' },
  group: { label: 'Group', color: 'grape' },
  faction: { label: 'Faction', color: 'gold' },
  bypass: { label: 'Everyone', color: 'teal' },
  global_admin: { label: 'Global admin', color: 'red' },
};

function AppLine({ app, badge, children }: { app: { name: string; icon: string | null }; badge?: ReactNode; children: ReactNode }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" py={6}>
      <AppIcon icon={app.icon} size={32} />
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {app.name}
          </Text>
          {badge}
        </Group>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** "through your faction …" as a line of its own: "Through your faction …". */
const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const list = { listStyle: 'none', padding: 0, margin: 0 } as const;

function OpenList({ apps }: { apps: OpenApp[] }) {
  if (apps.length === 0) return <ListEmpty description="You may open no app yet. Ask an administrator if you expected one." />;
  return (
    <Stack component="ul" gap={0} style={list} aria-label="Apps you can open">
      {apps.map((app) => (
        <AppLine
          key={app.key}
          app={app}
          badge={
            <Badge size="xs" variant="light" color={VIA_LABEL[app.via].color}>
              {VIA_LABEL[app.via].label}
            </Badge>
          }
        >
          {sentence(app.why)}
          {app.until ? ` (${formatDateTime(app.until)})` : ''}
        </AppLine>
      ))}
    </Stack>
  );
}

function AskableList({ apps }: { apps: AskableApp[] }) {
  if (apps.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Apps you could ask for
      </Title>
      <Text size="sm" c="dimmed">
        You cannot open these: their rules admit members of groups you are not in.
      </Text>
      <Stack component="ul" gap={0} style={list} aria-label="Apps you could ask for">
        {apps.map((app) => (
          <AppLine key={app.key} app={app}>
            {app.why}
          </AppLine>
        ))}
      </Stack>
    </Stack>
  );
}

/** Apps you can open and why, in your words; then the apps a group would open to you. */
export function AppsWhySection() {
  const why = useAppsWhy();
  return (
    <SectionCard title="Apps you can open and why" description="What lets you into each app on your dashboard.">
      {why.isPending ? (
        <CenteredLoader label="Loading your apps..." />
      ) : why.isError ? (
        <ErrorAlert title="Failed to load your apps." error={why.error} onRetry={() => void why.refetch()} />
      ) : (
        <>
          <OpenList apps={why.data.open} />
          <AskableList apps={why.data.askable} />
        </>
      )}
    </SectionCard>
  );
}
