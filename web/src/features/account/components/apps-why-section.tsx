import type { AskableApp, OpenApp, OpenVia } from '@portal/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { AppIcon } from '@/components/app-icon.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useAppsWhy } from '../api/get-apps-why.ts';
import { useAskToJoin } from '../api/my-groups.ts';
import { AskToJoinDialog, type GroupToAsk } from './ask-to-join-dialog.tsx';

const VIA_LABEL: Record<OpenVia, { label: string; color: string }> = {
  // 'Admin' read as 'you are its admin': the badge names the way in, the sentence beside it who gave it.
  grant: { label: 'Granted', color: 'blue' },
  group: { label: 'Group', color: 'grape' },
  faction: { label: 'Faction', color: 'gold' },
  bypass: { label: 'Everyone', color: 'teal' },
  global_admin: { label: 'Global admin', color: 'red' },
};

interface AppLineProps {
  app: { name: string; icon: string | null };
  badge?: ReactNode;
  children: ReactNode;
  /** Below the words: "Ask for access", or who to ask. */
  footer?: ReactNode;
}

function AppLine({ app, badge, children, footer }: AppLineProps) {
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
        {footer}
      </Stack>
    </Group>
  );
}

/** "through your faction …" as a line of its own: "Through your faction …". */
const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const list = { listStyle: 'none', padding: 0, margin: 0 } as const;

function OpenList({ apps, admin }: { apps: OpenApp[]; admin: boolean }) {
  if (apps.length === 0) {
    return (
      <ListEmpty
        description={
          admin
            ? 'You may open no app yet: grant yourself access, or add an app, in the admin console.'
            : 'You may open no app yet. Ask an administrator if you expected one.'
        }
      />
    );
  }
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

/** What the player can do for an app they cannot open: ask to join the group that admits them, or who to ask. */
function AskFor({ app, onAsk, asking }: { app: AskableApp; onAsk: (app: AskableApp) => void; asking: boolean }) {
  if (!app.join) {
    return (
      <Text size="sm" mt={4}>
        {app.ask_whom}.
      </Text>
    );
  }
  if (app.join.pending) {
    return (
      <Text size="sm" mt={4}>
        You asked to join {app.join.group_name}: its managers have not answered yet.
      </Text>
    );
  }
  return (
    <Group mt={6}>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        aria-label={`Ask for access to ${app.name}`}
        loading={asking}
        onClick={() => onAsk(app)}
      >
        Ask for access
      </Button>
    </Group>
  );
}

function AskableList({ apps }: { apps: AskableApp[] }) {
  const join = useAskToJoin();
  const outcome = useFeedback();
  const [asking, setAsking] = useState<GroupToAsk | null>(null);
  if (apps.length === 0) return null;
  const ask = (app: AskableApp) => {
    outcome.clear();
    const target = app.join!;
    // An open group lets the player in at once; a group on request asks its managers, with a note.
    if (target.joining === 'request') {
      setAsking({ id: target.group_id, name: target.group_name, forApp: app.name });
      return;
    }
    join.mutate(
      { groupId: target.group_id },
      {
        onSuccess: (answer) => outcome.succeed(answer.message),
        onError: (error) => outcome.fail(`${target.group_name} could not be joined.`, error),
      },
    );
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Apps you could ask for
      </Title>
      <Text size="sm" c="dimmed">
        You cannot open these: their rules admit members of groups you are not in.
      </Text>
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      <Stack component="ul" gap={0} style={list} aria-label="Apps you could ask for">
        {apps.map((app) => (
          <AppLine
            key={app.key}
            app={app}
            footer={<AskFor app={app} onAsk={ask} asking={join.isPending && join.variables?.groupId === app.join?.group_id} />}
          >
            {app.why}
          </AppLine>
        ))}
      </Stack>
      <AskToJoinDialog group={asking} onClose={() => setAsking(null)} onAsked={outcome.succeed} />
    </Stack>
  );
}

/** Apps you can open and why, in your words; then the apps a group would open to you. */
export function AppsWhySection({ admin = false }: { admin?: boolean }) {
  const why = useAppsWhy();
  return (
    <SectionCard title="Apps you can open and why" description="What lets you into each app on your dashboard.">
      {why.isPending ? (
        <CenteredLoader label="Loading your apps..." />
      ) : why.isError ? (
        <ErrorAlert title="Failed to load your apps." error={why.error} onRetry={() => void why.refetch()} />
      ) : (
        <>
          <OpenList apps={why.data.open} admin={admin} />
          <AskableList apps={why.data.askable} />
        </>
      )}
    </SectionCard>
  );
}
