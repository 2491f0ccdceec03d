import { RotationOutcome, RotationType, type RotationHistoryEntry, type ServiceJwtConfig } from '@portal/contract';
import { Modal, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { formatDateTime, formatTimesIn } from '@/lib/format-date-time.ts';
import { useRotationHistory } from '../api/get-rotation-history.ts';

interface RotationHistoryModalProps {
  opened: boolean;
  config: ServiceJwtConfig | null;
  onClose: () => void;
}

function TypeBadge({ type }: { type: RotationType }) {
  const manual = type === RotationType.Manual;
  return <StatusBadge color={manual ? 'blue' : 'grape'}>{manual ? 'Manual' : 'Auto'}</StatusBadge>;
}

function OutcomeBadge({ status }: { status: RotationOutcome }) {
  const success = status === RotationOutcome.Success;
  return <StatusBadge color={success ? 'green' : 'red'}>{success ? 'Success' : 'Failed'}</StatusBadge>;
}

const columns: Column<RotationHistoryEntry>[] = [
  {
    label: 'Date',
    nowrap: true,
    card: 'title',
    cell: (entry) => (
      <Text size="sm" fw={500}>
        {formatDateTime(entry.rotatedAt)}
      </Text>
    ),
  },
  { label: 'Type', card: 'badge', cell: (entry) => <TypeBadge type={entry.type} /> },
  { label: 'Status', card: 'badge', cell: (entry) => <OutcomeBadge status={entry.status} /> },
  {
    label: 'Message',
    cell: (entry) => (
      <Text size="sm" c={entry.message ? undefined : 'dimmed'}>
        {entry.message ? formatTimesIn(entry.message) : '-'}
      </Text>
    ),
  },
];

function History({ id }: { id: string }) {
  return (
    <QueryList
      query={useRotationHistory(id)}
      columns={columns}
      rowKey={(entry, index) => `${entry.rotatedAt}-${index}`}
      label="Rotation history"
      variant="plain"
      errorTitle="Failed to load rotation history"
      loadingLabel="Loading rotation history..."
      empty="No rotation history found."
      emptyIcon={<IconHistory size={28} aria-hidden />}
      cardLabel={(entry) => formatDateTime(entry.rotatedAt)}
      minWidth={600}
    />
  );
}

/** A configuration's rotations, manual and automatic, newest first. */
export function RotationHistoryModal({ opened, config, onClose }: RotationHistoryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Rotation History - ${config?.service_name ?? ''}`} size="xl">
      {config && <History id={config.id} />}
    </Modal>
  );
}
