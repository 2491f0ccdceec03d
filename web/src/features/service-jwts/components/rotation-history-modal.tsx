import type { RotationHistoryEntry, ServiceJwtConfig } from '@portal/contract';
import { Badge, Center, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { serverMessage } from '@/lib/api-error.ts';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';
import { useRotationHistory } from '../api/get-rotation-history.ts';
import { ErrorBanner } from './error-banner.tsx';
import { localDateTime } from './format.ts';

interface RotationHistoryModalProps {
  opened: boolean;
  config: ServiceJwtConfig | null;
  onClose: () => void;
}

/** SPEC.md §3: 'manual' is a manual rotation, anything else automatic; 'success' succeeded, anything else failed. */
function TypeBadge({ type }: { type: string }) {
  const manual = type === 'manual';
  return (
    <Badge variant="light" color={manual ? 'blue' : 'grape'} radius="sm" tt="none" miw="max-content">
      {manual ? 'Manual' : 'Auto'}
    </Badge>
  );
}

function StatusBadge({ status }: { status: string }) {
  const success = status === 'success';
  return (
    <Badge variant="light" color={success ? 'green' : 'red'} radius="sm" tt="none" miw="max-content">
      {success ? 'Success' : 'Failed'}
    </Badge>
  );
}

function HistoryTable({ entries }: { entries: RotationHistoryEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table verticalSpacing="sm" aria-label="Rotation history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={`${entry.rotatedAt}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{localDateTime(entry.rotatedAt, '-')}</Text>
              </Table.Td>
              <Table.Td>
                <TypeBadge type={entry.type} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={entry.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={entry.message ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {entry.message || '-'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same entries stacked for a phone: date and badges on top, the message below. */
function HistoryList({ entries }: { entries: RotationHistoryEntry[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Rotation history">
      {entries.map((entry, index) => (
        <Paper key={`${entry.rotatedAt}-${index}`} withBorder p="sm" role="listitem">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {localDateTime(entry.rotatedAt, '-')}
              </Text>
              <Group gap={6}>
                <TypeBadge type={entry.type} />
                <StatusBadge status={entry.status} />
              </Group>
            </Group>
            <Text size="sm" c={entry.message ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {entry.message || '-'}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function HistoryContent({ id }: { id: string }) {
  const history = useRotationHistory(id);
  const phone = usePhoneLayout();
  if (history.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading rotation history">
        <Loader size="sm" aria-hidden />
      </Center>
    );
  }
  if (history.isError) {
    return <ErrorBanner message={serverMessage(history.error, 'Failed to load rotation history')} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        No rotation history found.
      </Text>
    );
  }
  return phone ? <HistoryList entries={history.data} /> : <HistoryTable entries={history.data} />;
}

/** SPEC.md §2 history modal, newest rotation first. */
export function RotationHistoryModal({ opened, config, onClose }: RotationHistoryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Rotation History - ${config?.service_name ?? ''}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {config && <HistoryContent id={config.id} />}
    </Modal>
  );
}
