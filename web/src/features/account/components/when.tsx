import { Text } from '@mantine/core';
import { formatDateTime, formatTimeAgo } from '@/lib/format-date-time.ts';
import { useNow } from '@/lib/use-now.ts';

/** A time as the account reads it: how long ago, with the exact local time on hover and for machines. */
export function When({ iso, empty = 'Never' }: { iso: string | null; empty?: string }) {
  const now = useNow();
  if (!iso) return <>{empty}</>;
  return (
    <Text span size="sm" title={formatDateTime(iso)}>
      <time dateTime={iso}>{formatTimeAgo(iso, now)}</time>
    </Text>
  );
}
