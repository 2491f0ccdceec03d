import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryList, type Column, type ListQuery } from '@/components/query-list.tsx';
import { appPagePath } from '@/lib/admin-pages.ts';
import { AppActions, PORTAL_UNDELETABLE } from './app-actions.tsx';

interface AppsListProps {
  apps: ListQuery<App>;
  editingId: string | null;
  onEdit: (app: App) => void;
  onDelete: (app: App) => void;
  onOidc: (app: App) => void;
}

function count(apps: readonly App[] | undefined) {
  if (!apps) return null;
  return (
    <Text size="sm" c="dimmed">
      {apps.length === 1 ? '1 app' : `${apps.length} apps`}
    </Text>
  );
}

/** The catalog: Key, Name (a link to the app's page), Audience, and OpenID Connect/Edit/Delete per app. */
export function AppsList({ apps, editingId, onEdit, onDelete, onOidc }: AppsListProps) {
  const columns: Column<App>[] = [
    {
      label: 'Key',
      cell: (app) => (
        <Group gap="xs" wrap="wrap">
          <Text ff="monospace" size="sm">
            {app.key}
          </Text>
          {app.key === PORTAL_APP_KEY && (
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              built-in
            </Badge>
          )}
        </Group>
      ),
    },
    {
      label: 'Name',
      // The app's own page: its card, sign-in settings, players and activity.
      cell: (app) => (
        <Anchor component={Link} to={appPagePath(app.id)} size="sm" fw={600} underline="always">
          {app.name}
        </Anchor>
      ),
    },
    {
      label: 'Audience',
      cell: (app) => (
        <Text ff="monospace" size="sm" c="dimmed">
          {app.audience}
        </Text>
      ),
    },
    {
      label: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (app) => (
        <AppActions
          app={app}
          editing={app.id === editingId}
          onEdit={() => onEdit(app)}
          onDelete={() => onDelete(app)}
          onOidc={() => onOidc(app)}
        />
      ),
      cardCell: (app) => (
        <Stack gap="xs">
          <AppActions
            variant="card"
            app={app}
            editing={app.id === editingId}
            onEdit={() => onEdit(app)}
            onDelete={() => onDelete(app)}
            onOidc={() => onOidc(app)}
          />
          {app.key === PORTAL_APP_KEY && (
            // A tooltip is hard to reach by touch: say it outright as well.
            <Text size="xs" c="dimmed">
              {PORTAL_UNDELETABLE}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <QueryList
      query={apps}
      columns={columns}
      rowKey={(app) => app.id}
      label="Apps"
      title
      aside={count(apps.data)}
      errorTitle="Failed to load apps"
      loadingLabel="Loading apps..."
      emptyTitle="No apps yet"
      empty="Create the first one with the form below."
      emptyIcon={<IconApps size={28} aria-hidden />}
      cardLabel={(app) => app.name}
      minWidth={560}
      isSelected={(app) => app.id === editingId}
    />
  );
}
