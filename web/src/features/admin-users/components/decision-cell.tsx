import type { AccessDecisionView } from '@portal/contract';
import { Stack, Text } from '@mantine/core';
import { formatTimesIn } from '@/lib/format-date-time.ts';
import { decisionLabel } from './decision-words.ts';

/** What the one access rule decides for the player on an app, what decided it, and why in a sentence. */
export function DecisionCell({ decision }: { decision: AccessDecisionView }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={decision.allowed ? 'teal.4' : 'red.4'}>
        {decisionLabel(decision)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatTimesIn(decision.reason)}
      </Text>
    </Stack>
  );
}
