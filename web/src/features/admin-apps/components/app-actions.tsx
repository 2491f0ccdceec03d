import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Box, Button, Group, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { appPagePath } from '@/lib/admin-pages.ts';

/** Why the portal app's Delete is disabled: its tooltip, and on a phone's card also shown as text. */
export const PORTAL_UNDELETABLE = 'The portal app cannot be deleted.';

interface AppActionsProps {
  app: App;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onOidc: () => void;
  /** Small buttons at the end of a table row; full-width buttons on a phone's card. */
  variant?: 'row' | 'card';
}

/**
 * Per-app actions: OpenID Connect and Access rules (not for the portal, which is the provider itself and
 * admits every player), Edit and Delete; their labels are their accessible names.
 */
export function AppActions({ app, editing, onEdit, onDelete, onOidc, variant = 'row' }: AppActionsProps) {
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
  const oidc = portal ? null : (
    <Button size={size} fullWidth={card} variant="default" leftSection={<IconKey size={iconSize} aria-hidden />} onClick={onOidc}>
      OpenID Connect
    </Button>
  );
  // The rules live on the app's page (its Access tab), beside the players with access of their own.
  const rules = portal ? null : (
    <Button
      component={Link}
      to={appPagePath(app.id, 'access')}
      size={size}
      fullWidth={card}
      variant="default"
      leftSection={<IconUsersGroup size={iconSize} aria-hidden />}
    >
      Access rules
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
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="xs">
          {edit}
          {remove}
        </SimpleGrid>
        {oidc}
        {rules}
      </Stack>
    );
  }
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {oidc}
      {rules}
      {edit}
      {remove}
    </Group>
  );
}
