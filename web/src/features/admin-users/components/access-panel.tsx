import { displayStatus, type AccessStatus } from '@portal/contract';
import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBan, IconCheck, IconCircleDashed, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { userLabel, type UserOption } from '@/components/user-select.tsx';
import { formatTimesIn } from '@/lib/format-date-time.ts';
import { useAccessStatus } from '../api/get-access-status.ts';
import { AccessActions } from './access-actions.tsx';
import { AccessQuestionDialog, type AccessQuestion } from './access-question.tsx';
import { decisionClause } from './decision-words.ts';

interface AccessPanelProps {
  /** The picked user and app; null until picked. */
  user: UserOption | null;
  app: { key: string; name: string } | null;
}

const look = {
  active: { color: 'teal', icon: IconCheck },
  suspended: { color: 'yellow', icon: IconPlayerPause },
  revoked: { color: 'red', icon: IconBan },
  none: { color: 'gray', icon: IconCircleDashed },
} as const;

type Status = AccessStatus['status'];

/**
 * 'Current: {status or none}' with the decision and its source after it ('— admitted through faction …'), and
 * Grant, Suspend, Revoke (Suspend and Revoke ask first); each says what it did.
 */
export function AccessPanel({ user, app }: AccessPanelProps) {
  const userId = user?.id ?? null;
  const appKey = app?.key ?? null;
  const status = useAccessStatus(userId, appKey);
  const outcome = useFeedback();
  const [question, setQuestion] = useState<AccessQuestion | null>(null);
  const ready = Boolean(user && app);
  const loading = ready && status.isPending;

  const current: Status | undefined = ready ? status.data?.status : undefined;
  const decision = ready && !loading ? status.data?.decision : undefined;
  const label = displayStatus(current);
  const { color, icon: StatusIcon } = look[label as keyof typeof look] ?? look.none;
  const target = user && app ? { userId: user.id, appKey: app.key, userName: userLabel(user), appName: app.name } : null;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start" aria-live="polite">
        {loading ? (
          <Loader size={28} type="dots" aria-hidden />
        ) : (
          <ThemeIcon variant="light" color={ready ? color : 'gray'} size={28} radius="xl" aria-hidden>
            <StatusIcon size={16} />
          </ThemeIcon>
        )}
        <Stack gap={2} miw={0}>
          {/* 'Current: {status}' is what an admin recorded; beside it, whether the player may open the app and what decided it. */}
          <Text fw={600} size="lg" c={ready ? undefined : 'dimmed'}>
            <span>Current: {loading ? '...' : label}</span>
            {decision && (
              <>
                {' '}
                <Text span inherit c={decision.allowed ? 'teal.4' : 'red.4'}>
                  {decisionClause(decision)}
                </Text>
              </>
            )}
          </Text>
          {decision && (
            <Text size="sm" c="dimmed">
              {formatTimesIn(decision.reason)}
            </Text>
          )}
        </Stack>
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          Pick a user and an app to see and change the user&apos;s access.
        </Text>
      )}
      {ready && status.isError && (
        <ErrorAlert title="Failed to load the access status." error={status.error} onRetry={() => void status.refetch()} />
      )}
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      <AccessActions
        // A new pick is a new pair: no Grant of the last one still shows as running.
        key={`${userId}/${appKey}`}
        target={status.isSuccess ? target : null}
        status={current}
        variant="panel"
        onOutcome={outcome.show}
        onAsk={(asked) => {
          outcome.clear();
          setQuestion(asked);
        }}
      />
      <AccessQuestionDialog question={question} onClose={() => setQuestion(null)} onDone={outcome.succeed} />
    </Stack>
  );
}
