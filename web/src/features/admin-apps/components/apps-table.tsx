import type { App } from '@portal/contract';
import { Badge, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { PORTAL_KEY } from './app-form-values.ts';

interface AppsTableProps {
  apps: readonly App[] | undefined;
  editingId: string | null;
  onEdit: (app: App) => void;
  onDelete: (app: App) => void;
}

function RowActions({ app, editing, onEdit, onDelete }: { app: App; editing: boolean; onEdit: () => void; onDelete: () => void }) {
  const portal = app.key === PORTAL_KEY;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant={editing ? 'filled' : 'light'} leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
        Edit
      </Button>
      {portal ? (
        <Tooltip label="The portal app cannot be deleted." withArrow>
          <Box component="span" display="inline-block">
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} disabled>
              Delete
            </Button>
          </Box>
        </Tooltip>
      ) : (
        <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
          Delete
        </Button>
      )}
    </Group>
  );
}

/** SPEC.md §2 /admin/apps: Key, Name, Audience, and Edit/Delete per row. */
export function AppsTable({ apps, editingId, onEdit, onDelete }: AppsTableProps) {
  return (
    <Card component="section" aria-labelledby="apps-table-title" padding={0}>
      <Group justify="space-between" px="lg" pt="lg" pb="sm">
        <Title order={2} fz="lg" id="apps-table-title">
          Apps
        </Title>
        {apps && (
          <Text size="sm" c="dimmed">
            {apps.length === 1 ? '1 app' : `${apps.length} apps`}
          </Text>
        )}
      </Group>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-labelledby="apps-table-title" aria-busy={!apps}>
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
                  <RowActions app={app} editing={app.id === editingId} onEdit={() => onEdit(app)} onDelete={() => onDelete(app)} />
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
