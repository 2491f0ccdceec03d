import { rotationStatus, type ServiceJwtConfig } from '@portal/contract';
import { Table, Text } from '@mantine/core';
import { K8sDetails, RotationSummary } from './config-cells.tsx';
import { localDateTime } from './format.ts';
import { RotationStatusBadge } from './rotation-status-badge.tsx';
import { RowActions, type RowAction } from './row-actions.tsx';
import { useNow } from './use-now.ts';

interface ServiceJwtTableProps {
  configs: ServiceJwtConfig[];
  /** A request is in flight: every change waits for it. */
  busy: boolean;
  onAction: (action: RowAction, config: ServiceJwtConfig) => void;
}

// Breaks only a word too long for any line, so columns size to their words rather than splitting them.
const wrap = { overflowWrap: 'break-word' } as const;

/** SPEC.md §2 /admin/jwts columns (wide screens). Scrolls sideways inside its card if squeezed, never the page. */
export function ServiceJwtTable({ configs, busy, onAction }: ServiceJwtTableProps) {
  const now = useNow();
  return (
    <Table.ScrollContainer minWidth={1080} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="JWT configurations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service Name</Table.Th>
            <Table.Th>Audience</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>K8s Details</Table.Th>
            <Table.Th>Rotation</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last Rotated</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {configs.map((config) => (
            <Table.Tr key={config.id}>
              <Table.Td>
                <Text fw={600} size="sm" style={wrap}>
                  {config.service_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={wrap}>
                  {config.audience}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={wrap}>
                  {config.subject}
                </Text>
              </Table.Td>
              <Table.Td>
                <K8sDetails config={config} wrap={wrap} />
              </Table.Td>
              <Table.Td>
                <RotationSummary config={config} />
              </Table.Td>
              <Table.Td>
                <RotationStatusBadge status={rotationStatus(config, now)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={config.last_rotated_at ? undefined : 'dimmed'}>
                  {localDateTime(config.last_rotated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions busy={busy} onAction={(action) => onAction(action, config)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
