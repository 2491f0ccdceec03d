import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Box, Button, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** Why the portal app's Delete is disabled: its tooltip, and on a phone's card also shown as text. */
export const PORTAL_UNDELETABLE = 'The portal app cannot be deleted.';

interface AppActionsProps {
  app: App;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Small buttons at the end of a table row; full-width buttons on a phone's card. */
  variant?: 'row' | 'card';
}

/** Per-app actions, Edit and Delete (their labels are their accessible names). */
export function AppActions({ app, editing, onEdit, onDelete, variant = 'row' }: AppActionsProps) {
  const portal = app.key === PORTAL_APP_KEY;
  const card = variant === 'card';
  const size = card ? 'sm' : 'xs';
  const iconSize = card ? 16 : 14;
  const edit = (
    <Button
      size={size}
      fullWidth={card}
      variant={editing ? 'filled' : 'light'}
      leftSection={<IconPencil size={iconSize} aria-hidden />}
      onClick={onEdit}
    >
      Edit
    </Button>
  );
  const remove = portal ? (
    // A disabled button gets no pointer events: the wrapper carries the tooltip.
    <Tooltip label={PORTAL_UNDELETABLE} withArrow events={card ? { hover: true, focus: true, touch: true } : undefined}>
      <Box component="span" display={card ? 'block' : 'inline-block'}>
        <Button size={size} fullWidth={card} variant="light" color="red" leftSection={<IconTrash size={iconSize} aria-hidden />} disabled>
          Delete
        </Button>
      </Box>
    </Tooltip>
  ) : (
    <Button
      size={size}
      fullWidth={card}
      variant="light"
      color="red"
      leftSection={<IconTrash size={iconSize} aria-hidden />}
      onClick={onDelete}
    >
      Delete
    </Button>
  );

  if (card) {
    return (
      <SimpleGrid cols={2} spacing="xs">
        {edit}
        {remove}
      </SimpleGrid>
    );
  }
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {edit}
      {remove}
    </Group>
  );
}
