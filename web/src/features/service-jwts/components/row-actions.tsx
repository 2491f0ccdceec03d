import { ActionIcon, Button, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { IconEdit, IconHistory, IconRotateClockwise, IconTrash, type TablerIcon } from '@tabler/icons-react';

export type RowAction = 'edit' | 'rotate' | 'history' | 'delete';

const ACTIONS: ReadonlyArray<{ action: RowAction; label: string; icon: TablerIcon; color?: string }> = [
  { action: 'edit', label: 'Edit', icon: IconEdit },
  { action: 'rotate', label: 'Rotate Now', icon: IconRotateClockwise },
  { action: 'history', label: 'View History', icon: IconHistory },
  { action: 'delete', label: 'Delete', icon: IconTrash, color: 'red' },
];

interface RowActionsProps {
  /** A request is in flight: the actions that change something wait; history stays readable. */
  busy: boolean;
  onAction: (action: RowAction) => void;
  /** Icons with tooltips in the table; labelled buttons on a phone's card. */
  variant?: 'icons' | 'buttons';
}

/** Row actions: Edit, Rotate Now, View History, Delete (their labels are their accessible names). */
export function RowActions({ busy, onAction, variant = 'icons' }: RowActionsProps) {
  if (variant === 'buttons') {
    return (
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {ACTIONS.map(({ action, label, icon: Icon, color }) => (
          <Button
            key={action}
            variant={color ? 'light' : 'default'}
            color={color}
            size="sm"
            px="xs"
            leftSection={<Icon size={16} stroke={1.7} aria-hidden />}
            disabled={busy && action !== 'history'}
            onClick={() => onAction(action)}
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {ACTIONS.map(({ action, label, icon: Icon, color }) => (
        <Tooltip key={action} label={label} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color={color ?? 'gray'}
            // The light-variant text colours are near white on navy; tint the icons themselves.
            c={color ? `${color}.4` : 'dark.1'}
            size="lg"
            aria-label={label}
            disabled={busy && action !== 'history'}
            onClick={() => onAction(action)}
          >
            <Icon size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
