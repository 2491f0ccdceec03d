import type { phaseOf } from '@portal/contract';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';

type Phase = NonNullable<ReturnType<typeof phaseOf>>;

/** Phase label, its description and a progress bar in the phase colour on the dashboard card. */
export function AppPhase({ phase }: { phase: Phase }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge variant="light" color={phase.color} size="sm">
          {phase.label}
        </Badge>
        {/* The bar below names the progress to a screen reader: the figure is for the eye only, so it is said once. */}
        <Text size="xs" c="dimmed" fw={500} aria-hidden>
          {phase.progress}%
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {phase.description}
      </Text>
      <Progress value={phase.progress} color={phase.color} size="sm" radius="xl" aria-label={`${phase.label}: ${phase.progress}%`} />
    </Stack>
  );
}
