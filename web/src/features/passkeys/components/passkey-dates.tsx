import { Text } from '@mantine/core';
import { formatDateTime, formatTimeAgo } from '@/lib/format-date-time.ts';
import { useNow } from '@/lib/use-now.ts';

/** When a passkey was added or last used: how long ago, the exact local time on hover. */
export function PasskeyTime({ iso, empty = 'Never' }: { iso: string | null; empty?: string }) {
  const now = useNow();
  if (!iso) return <Text size="sm">{empty}</Text>;
  return (
    <Text span size="sm" title={formatDateTime(iso)}>
      <time dateTime={iso}>{formatTimeAgo(iso, now)}</time>
    </Text>
  );
}
