import { Badge, Card, DataList, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { AppActions, PORTAL_UNDELETABLE } from './app-actions.tsx';
import { PORTAL_KEY } from './app-form-values.ts';
import { APPS_TITLE_ID, AppsHeading } from './apps-heading.tsx';
import type { AppsListProps } from './apps-table.tsx';
import { DataField } from '@/components/data-field.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

/** The table's columns stacked one card per app, for phone-sized screens (below 48em). */
export function AppsCards({ apps, editingId, onEdit, onDelete }: AppsListProps) {
  return (
    <Stack component="section" aria-labelledby={APPS_TITLE_ID} gap="sm">
      <AppsHeading apps={apps} />
      {!apps && (
        <Stack gap="md" aria-busy>
          {[0, 1].map((i) => (
            <Card key={i} padding="md">
              <Stack gap="sm">
                {[0, 1, 2].map((j) => (
                  <Skeleton key={j} h={14} w={`${70 - j * 10}%`} />
                ))}
                <Skeleton h={36} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {apps?.length === 0 && (
        <Card padding="md">
          <Stack align="center" gap={4} py="md">
            <Text fw={500}>No apps yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Create the first one with the form below.
            </Text>
          </Stack>
        </Card>
      )}
      {apps && apps.length > 0 && (
        <Stack gap="md" role="list" aria-labelledby={APPS_TITLE_ID}>
          {apps.map((app) => {
            const editing = app.id === editingId;
            const portal = app.key === PORTAL_KEY;
            return (
              <Card
                key={app.id}
                role="listitem"
                aria-label={app.name}
                padding="md"
                style={editing ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
              >
                <Stack gap="sm">
                  <DataList labelWidth={88} size="sm">
                    <DataField label="Key">
                      <Group gap="xs" wrap="wrap">
                        <Text ff="monospace" size="sm" style={wrap}>
                          {app.key}
                        </Text>
                        {portal && (
                          <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                            built-in
                          </Badge>
                        )}
                      </Group>
                    </DataField>
                    <DataField label="Name">
                      <Text size="sm" fw={500} style={wrap}>
                        {app.name}
                      </Text>
                    </DataField>
                    <DataField label="Audience">
                      <Text ff="monospace" size="sm" c="dimmed" style={wrap}>
                        {app.audience}
                      </Text>
                    </DataField>
                  </DataList>
                  <Divider />
                  <AppActions variant="card" app={app} editing={editing} onEdit={() => onEdit(app)} onDelete={() => onDelete(app)} />
                  {portal && (
                    // A tooltip is hard to reach by touch: say it outright as well.
                    <Text size="xs" c="dimmed">
                      {PORTAL_UNDELETABLE}
                    </Text>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
