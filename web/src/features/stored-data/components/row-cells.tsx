import type { DataViewRow } from '@portal/contract';
import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '@/components/status-badge.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

const coordinate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** What stands where a field is empty: its detail answer is still to come, or SWCombine has none. */
const DETAILS_PENDING = 'details pending';

function Missing({ pending }: { pending: boolean }) {
  return (
    <Text size="sm" c="dimmed" fs={pending ? 'italic' : undefined}>
      {pending ? DETAILS_PENDING : '-'}
    </Text>
  );
}

export function Coordinates({ row }: { row: DataViewRow }) {
  if (row.x === null || row.y === null) return <Missing pending={row.detailsPending} />;
  return (
    <Text size="sm" ff="monospace">
      {coordinate.format(row.x)}, {coordinate.format(row.y)}
    </Text>
  );
}

/** A UID with the name of what it points at when that is stored. */
function Reference({ uid, name }: { uid: string; name: string | null }) {
  return (
    <Stack gap={0}>
      {name && <Text size="sm">{name}</Text>}
      <Text size="xs" c="dimmed" ff="monospace">
        {uid}
      </Text>
    </Stack>
  );
}

export function Parent({ row }: { row: DataViewRow }) {
  return row.parentUid ? <Reference uid={row.parentUid} name={row.parentName} /> : <Missing pending={row.detailsPending} />;
}

/** The class (types, planets) or the type an entity or station is of. */
export function ClassOrType({ row }: { row: DataViewRow }) {
  if (row.className) return <Text size="sm">{row.className}</Text>;
  if (row.typeUid) return <Reference uid={row.typeUid} name={row.typeName} />;
  return <Missing pending={row.detailsPending} />;
}

export function Seen({ at }: { at: string }) {
  return (
    <Text size="sm" c="dimmed">
      {formatDateTime(at)}
    </Text>
  );
}

/** 'gone' since when, or '-' while SWCombine lists it. */
export function Gone({ row }: { row: DataViewRow }) {
  if (!row.goneAt) return <Missing pending={false} />;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge color="red">gone</StatusBadge>
      <Text size="xs" c="dimmed">
        {formatDateTime(row.goneAt)}
      </Text>
    </Stack>
  );
}
