import type { ActivityRow } from '@portal/contract';
import { Code, DataList, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { DataField } from '@/components/data-field.tsx';
import { DeviceName } from '@/components/device-name.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { activitySentence } from './activity-sentence.ts';

const shown = (value: unknown) => (value === null || value === undefined ? '-' : typeof value === 'string' ? value : JSON.stringify(value));

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The fields an edit changed, each with its value before and after. */
function Changes({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Text size="sm">Nothing changed.</Text>;
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table withTableBorder aria-label="What changed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field}>
              <Table.Td>{field}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(before[field])}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(after[field])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One event in full: who, where from, and what changed. */
export function EventDetailsModal({ event, onClose }: { event: ActivityRow | null; onClose: () => void }) {
  const { before, after, ...rest } = event?.details ?? {};
  const changes = record(before) && record(after) ? { before: record(before)!, after: record(after)! } : null;
  return (
    <Modal opened={event !== null} onClose={onClose} title="Event details" size="lg">
      {event && (
        <Stack gap="md">
          <Text fw={600}>{activitySentence(event)}</Text>
          <DataList labelWidth={110} size="sm">
            <DataField label="Time">
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </DataField>
            <DataField label="Event">
              <Code>{event.event}</Code>
            </DataField>
            <DataField label="Outcome">{event.outcome}</DataField>
            <DataField label="User">{event.user_uid ? `${event.user_name ?? 'Not signed in yet'} (${event.user_uid})` : '-'}</DataField>
            <DataField label="By">{event.actor_uid ? `${event.actor_name ?? '-'} (${event.actor_uid})` : '-'}</DataField>
            <DataField label="App">{event.app_key ? `${event.app_name ?? 'deleted since'} (${event.app_key})` : '-'}</DataField>
            <DataField label="IP">
              <Text ff="monospace" size="sm">
                {event.ip ?? '-'}
              </Text>
            </DataField>
            <DataField label="User agent">
              {event.device && event.device_kind ? (
                <Stack gap={2}>
                  <DeviceName name={event.device} kind={event.device_kind} userAgent={event.user_agent} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {event.user_agent}
                  </Text>
                </Stack>
              ) : (
                '-'
              )}
            </DataField>
          </DataList>
          {changes && (
            <Stack gap="xs">
              <Title order={3} fz="md">
                Before and after
              </Title>
              <Changes {...changes} />
            </Stack>
          )}
          {Object.keys(rest).length > 0 && (
            <Stack gap="xs">
              <Title order={3} fz="md">
                Details
              </Title>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(rest, null, 2)}
              </Code>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
