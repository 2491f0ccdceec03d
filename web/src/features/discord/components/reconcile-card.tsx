import type { DiscordConnection, DiscordReconcilePreview } from '@portal/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconRefresh } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { usePreviewReconcile, useRunReconcile } from '../api/reconcile.ts';
import { ChangePreview } from './change-preview.tsx';

function Differences({ preview }: { preview: DiscordReconcilePreview }) {
  return (
    <ChangePreview
      title="What the reconcile would change"
      noun={['member', 'members']}
      parts={[
        { title: 'Roles to give', counted: preview.add },
        { title: 'Roles to take', counted: preview.remove },
      ]}
    />
  );
}

/** The reconcile: roles nobody granted, found on a schedule or now; its preview and its last run. */
export function ReconcileCard({ connection }: { connection: DiscordConnection }) {
  const preview = usePreviewReconcile();
  const run = useRunReconcile();
  const outcome = useFeedback();
  const report = connection.reconcile === 'report';
  return (
    <SectionCard
      title="Reconcile"
      description="Reads every member of the server and puts each managed role where the rules say: it takes a managed role from anyone who should not hold it (given by hand, say) and gives linked players what they lack."
    >
      <Text size="sm">
        {connection.last_reconcile
          ? `Last run ${formatDateTime(connection.last_reconcile.at)}: ${connection.last_reconcile.summary}.`
          : 'The reconcile has not run yet.'}
        {report ? ' It only reports the differences (Reconcile: Only report).' : ''}
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
          loading={preview.isPending}
          onClick={() => preview.mutate()}
        >
          Preview reconcile
        </Button>
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (answer) => {
                preview.reset();
                outcome.succeed(
                  report
                    ? `Reconcile reported ${answer.add.count} to give and ${answer.remove.count} to take; nothing changed.`
                    : `Reconciled: roles given to ${answer.add.count}, taken from ${answer.remove.count}.`,
                );
              },
              onError: (error) => outcome.fail('Reconcile failed', error),
            })
          }
        >
          Reconcile now
        </Button>
      </Group>
      {preview.isError && <ErrorAlert title="Preview failed" error={preview.error} onClose={() => preview.reset()} focusOnShow />}
      {preview.data && <Differences preview={preview.data} />}
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
    </SectionCard>
  );
}
