import type { GroupMember } from '@portal/contract';
import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '@/components/status-badge.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useNow } from '@/lib/use-now.ts';
import { leftWords } from '@/lib/membership-words.ts';

/**
 * 'Member', or for a player the game says left 'Left 2 hours ago' with why they are still listed: a rule's
 * grace period still counts them, so what it gives lasts until that period ends.
 */
export function MemberStatus({ member }: { member: Pick<GroupMember, 'left_at'> }) {
  const now = useNow();
  if (!member.left_at) return <StatusBadge color="teal">Member</StatusBadge>;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge color="yellow">
        <span title={formatDateTime(member.left_at)}>{leftWords(member.left_at, now)}</span>
      </StatusBadge>
      <Text size="xs" c="dimmed">
        Access kept while a rule’s grace period counts
      </Text>
    </Stack>
  );
}
