import type { App } from '@portal/contract';
import { Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { AppActions } from './app-actions.tsx';
import { PORTAL_KEY } from './app-form-values.ts';
import { APPS_TITLE_ID, AppsHeading } from './apps-heading.tsx';

export interface AppsListProps {
  apps: readonly App[] | undefined;
  editingId: string | null;
  onEdit: (app: App) => void;
  onDelete: (app: App) => void;
}

/** SPEC.md §2 /admin/apps: Key, Name, Audience, and Edit/Delete per row (from 48em; phones get AppsCards). */
export function AppsTable({ apps, editingId, onEdit, onDelete }: AppsListProps) {
  return (
    <Card component="section" aria-labelledby={APPS_TITLE_ID} padding={0}>
      <AppsHeading apps={apps} px="lg" pt="lg" pb="sm" />
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-labelledby={APPS_TITLE_ID} aria-busy={!apps}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Audience</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!apps &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  {[0, 1, 2, 3].map((j) => (
                    <Table.Td key={j}>
                      <Skeleton h={14} w={j === 3 ? 120 : '70%'} ml={j === 3 ? 'auto' : undefined} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {apps?.map((app) => (
              <Table.Tr key={app.id} bg={app.id === editingId ? 'var(--mantine-color-dark-6)' : undefined}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text ff="monospace" size="sm">
                      {app.key}
                    </Text>
                    {app.key === PORTAL_KEY && (
                      <Badge size="xs" variant="light" color="gray">
                        built-in
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {app.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm" c="dimmed">
                    {app.audience}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AppActions app={app} editing={app.id === editingId} onEdit={() => onEdit(app)} onDelete={() => onDelete(app)} />
                </Table.Td>
              </Table.Tr>
            ))}
            {apps?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Stack align="center" gap={4} py="lg">
                    <Text fw={500}>No apps yet</Text>
                    <Text size="sm" c="dimmed">
                      Create the first one with the form below.
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
