import { Group, Loader, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useSyncCost } from '../api/get-sync-cost.ts';
import { budgetSentence, runCostSentence, skippedSentences } from './run-cost-text.ts';

interface ConfirmAllDialogProps {
  opened: boolean;
  /** The trigger is being sent. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What a run of `all` will spend, worked out by the server when the question opens. */
function CostOfAll({ opened }: { opened: boolean }) {
  const cost = useSyncCost('all', opened);
  if (cost.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Working out what it costs...
        </Text>
      </Group>
    );
  }
  if (cost.isError) {
    return (
      <Text size="sm">
        What it costs could not be worked out ({serverMessage(cost.error, 'the server did not answer')}): it reads every list from SWCombine
        again, then the details they lack in the background.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {runCostSentence(cost.data)}
      </Text>
      <Text size="sm">{budgetSentence(cost.data)}</Text>
      {skippedSentences(cost.data).map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** `all` asks first: it reads every target, and spends hours of the request budget on a first run. */
export function ConfirmAllDialog({ opened, busy, onConfirm, onClose }: ConfirmAllDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Sync every target?"
      confirmLabel="Sync all"
      busyLabel="Queuing..."
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">
          A run of all reads factions, the galaxy, the classes and types, and the faction inventory from SWCombine, one target after the
          other.
        </Text>
        {opened && <CostOfAll opened={opened} />}
      </Stack>
    </ConfirmDialog>
  );
}
