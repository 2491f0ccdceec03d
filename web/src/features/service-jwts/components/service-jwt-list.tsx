import { rotationStatus, type ServiceJwtConfig } from '@portal/contract';
import { Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { QueryList, type Column, type ListQuery } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { K8sDetails, MachineName, RotationSummary } from './config-cells.tsx';
import { RotationStatusBadge } from './rotation-status-badge.tsx';
import { RowActions, type RowAction } from './row-actions.tsx';
import { useNow } from '@/lib/use-now.ts';

interface ServiceJwtListProps {
  configs: ListQuery<ServiceJwtConfig>;
  /** A request is in flight: every change waits for it. */
  busy: boolean;
  onAction: (action: RowAction, config: ServiceJwtConfig) => void;
}

// Breaks only a word too long for any line, so columns size to their words rather than splitting them.
const wrap = { overflowWrap: 'break-word' } as const;

/** The configurations: a table on wide screens, one card each on a phone. */
export function ServiceJwtList({ configs, busy, onAction }: ServiceJwtListProps) {
  const now = useNow();
  const columns: Column<ServiceJwtConfig>[] = [
    {
      label: 'Service Name',
      card: 'title',
      cell: (config) => (
        <Text fw={600} size="sm" style={wrap}>
          <MachineName value={config.service_name} />
        </Text>
      ),
    },
    {
      label: 'Audience',
      cell: (config) => (
        <Text size="sm" style={wrap}>
          <MachineName value={config.audience} />
        </Text>
      ),
    },
    {
      label: 'Subject',
      cell: (config) => (
        <Text size="sm" style={wrap}>
          <MachineName value={config.subject} />
        </Text>
      ),
    },
    { label: 'K8s Details', cell: (config) => <K8sDetails config={config} wrap={wrap} /> },
    { label: 'Rotation', nowrap: true, cell: (config) => <RotationSummary config={config} /> },
    { label: 'Status', nowrap: true, card: 'badge', cell: (config) => <RotationStatusBadge status={rotationStatus(config, now)} /> },
    {
      label: 'Last Rotated',
      cell: (config) => (
        <Text size="sm" c={config.last_rotated_at ? undefined : 'dimmed'}>
          {formatDateTime(config.last_rotated_at, 'Never')}
        </Text>
      ),
    },
    {
      label: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (config) => <RowActions compact busy={busy} onAction={(action) => onAction(action, config)} />,
      cardCell: (config) => <RowActions busy={busy} onAction={(action) => onAction(action, config)} />,
    },
  ];
  return (
    <QueryList
      query={configs}
      columns={columns}
      rowKey={(config) => config.id}
      label="JWT configurations"
      errorTitle="Failed to load JWT configurations"
      loadingLabel="Loading JWT configurations..."
      empty='No JWT configurations found. Click "Add JWT Configuration" to create your first one.'
      emptyIcon={<IconKey size={28} aria-hidden />}
      cardLabel={(config) => config.service_name}
      minWidth={1040}
    />
  );
}
