import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconEdit, IconListDetails, IconRotateClockwise, IconTrash, type TablerIcon } from '@tabler/icons-react';

export type RowAction = 'edit' | 'rotate' | 'history' | 'delete';

// Rotate Now turns (a new JWT); View History lists: two icons no one mixes up.
const ACTIONS: ReadonlyArray<{ action: RowAction; label: string; icon: TablerIcon; color?: string }> = [
  { action: 'edit', label: 'Edit', icon: IconEdit },
  { action: 'rotate', label: 'Rotate Now', icon: IconRotateClockwise },
  { action: 'history', label: 'View History', icon: IconListDetails },
  { action: 'delete', label: 'Delete', icon: IconTrash, color: 'red' },
];

interface RowActionsProps {
  /** A request is in flight: the actions that change something wait; history stays readable. */
  busy: boolean;
  onAction: (action: RowAction) => void;
  /** Compact buttons with words alone, one above the other, in the table; full-size ones with their icons, two by two, on a phone's card. */
  compact?: boolean;
}

/** Row actions, each a button with its word: Edit, Rotate Now, View History, Delete. */
export function RowActions({ busy, onAction, compact = false }: RowActionsProps) {
  const buttons = ACTIONS.map(({ action, label, icon: Icon, color }) => (
    <Button
      key={action}
      variant={color ? 'light' : 'default'}
      color={color}
      size={compact ? 'compact-sm' : 'sm'}
      px={compact ? 8 : 'xs'}
      justify={compact ? 'flex-start' : 'center'}
      leftSection={compact ? undefined : <Icon size={16} stroke={1.7} aria-hidden />}
      disabled={busy && action !== 'history'}
      onClick={() => onAction(action)}
    >
      {label}
    </Button>
  ));
  if (!compact) {
    return (
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {buttons}
      </SimpleGrid>
    );
  }
  // One above the other, each as wide as the longest word: the words stay whole and the table keeps room for its columns.
  return (
    <Stack gap={4} align="stretch" w="max-content" ml="auto">
      {buttons}
    </Stack>
  );
}
