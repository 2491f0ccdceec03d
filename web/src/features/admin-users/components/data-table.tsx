import { Alert, Button, Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

interface DataTableProps {
  title: string;
  description?: ReactNode;
  columns: readonly string[];
  /** Right-aligned trailing columns (actions): their header is read by screen readers only. */
  actionsColumn?: string;
  minWidth: number;
  loading: boolean;
  error: string | null;
  onRetry?: () => void;
  empty: string;
  /** Rows shown; 0 shows the empty text. */
  count: number;
  children: ReactNode;
}

/** One titled table of the user details: loading skeleton, error with retry, empty row, scroll on narrow screens. */
export function DataTable({
  title,
  description,
  columns,
  actionsColumn,
  minWidth,
  loading,
  error,
  onRetry,
  empty,
  count,
  children,
}: DataTableProps) {
  const id = useId();
  const span = columns.length + (actionsColumn ? 1 : 0);
  return (
    <Card component="section" aria-labelledby={id} padding={0}>
      <Stack gap={2} px="lg" pt="lg" pb="sm">
        <Title order={3} fz="md" id={id}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {error ? (
        <Alert mx="lg" mb="lg" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={error}>
          {onRetry && (
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="lg" aria-labelledby={id} aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
                {actionsColumn && (
                  <Table.Th ta="right">
                    <VisuallyHidden>{actionsColumn}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading
                ? [0, 1].map((i) => (
                    <Table.Tr key={i}>
                      {Array.from({ length: span }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton h={12} w="70%" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : children}
              {!loading && count === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={span}>
                    <Text size="sm" c="dimmed" ta="center" py="sm">
                      {empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
