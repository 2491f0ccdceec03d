import type { DataKind, DataViewRow } from '@portal/contract';
import { Code, DataList, Drawer, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { DataField } from '@/components/data-field.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';
import { useRow } from '../api/get-row.ts';
import { ClassOrType, Coordinates, Gone, Parent, Seen } from './row-cells.tsx';

interface RawAnswerDrawerProps {
  target: DataKind;
  /** The row opened from the table (shown at once), or null when the drawer is closed. */
  row: DataViewRow | null;
  onClose: () => void;
}

function RawAnswer({ target, uid }: { target: DataKind; uid: string }) {
  const detail = useRow(target, uid);
  if (detail.isError)
    return <ErrorAlert title="Failed to load the raw answer" error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the raw answer...
        </Text>
      </Group>
    );
  }
  return (
    // Its long lines scroll sideways inside the block (focusable, so the keyboard scrolls it too), never the drawer with its close button.
    <Code
      block
      tabIndex={0}
      aria-label="Raw SWCombine answer"
      style={{ whiteSpace: 'pre', fontSize: 12, overflowX: 'auto', maxWidth: '100%' }}
    >
      {JSON.stringify(detail.data.raw, null, 2)}
    </Code>
  );
}

/** A row's fields and the answer SWCombine sent for it, formatted; asked for only when the drawer opens. */
export function RawAnswerDrawer({ target, row, onClose }: RawAnswerDrawerProps) {
  const phone = usePhoneLayout();
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '90%' : 'xl'}
      title={row?.name ?? ''}
    >
      {row && (
        <Stack gap="md">
          <DataList labelWidth={104} size="sm">
            <DataField label="UID">
              <Text size="sm" ff="monospace">
                {row.uid}
              </Text>
            </DataField>
            <DataField label="Parent">
              <Parent row={row} />
            </DataField>
            <DataField label="Coordinates">
              <Coordinates row={row} />
            </DataField>
            <DataField label="Class / type">
              <ClassOrType row={row} />
            </DataField>
            <DataField label="First seen">
              <Seen at={row.firstSeenAt} />
            </DataField>
            <DataField label="Last seen">
              <Seen at={row.lastSeenAt} />
            </DataField>
            <DataField label="Gone">
              <Gone row={row} />
            </DataField>
          </DataList>
          <Title order={3} fz="md">
            Raw SWCombine answer
          </Title>
          {row.detailsPending && (
            <Text size="sm" c="dimmed">
              Its details are pending: this is the list entry; the detail answer replaces it once read.
            </Text>
          )}
          <RawAnswer target={target} uid={row.uid} />
        </Stack>
      )}
    </Drawer>
  );
}
