import { Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

export const SIMULATOR_NOTICE_HEIGHT = 30;

/** The architecture requires simulator mode to be visible: a slim strip above the header. */
export function SimulatorNotice() {
  return (
    <Group
      role="note"
      aria-label="SWCombine simulator"
      justify="center"
      gap={6}
      wrap="nowrap"
      h={SIMULATOR_NOTICE_HEIGHT}
      px="md"
      bg="var(--mantine-primary-color-light)"
      c="var(--mantine-primary-color-light-color)"
    >
      <IconFlask size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" fw={600} truncate>
        SWCombine simulator
        <Text span size="xs" fw={400} visibleFrom="sm">
          {' '}
          · sign-in and game data come from the bundled simulator, not swcombine.com
        </Text>
      </Text>
    </Group>
  );
}
