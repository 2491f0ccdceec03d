import type { RosterStatus as Roster } from '@portal/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useNow } from '@/lib/use-now.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { rosterReadWords } from './group-words.ts';

/**
 * A faction roster's last read ('Read 3 minutes ago', 'Never read'), why the last read failed, and when no
 * connected binding may read it, the way to SWC Integration.
 */
export function RosterStatus({ roster }: { roster: Roster }) {
  const now = useNow();
  return (
    <Stack gap={2}>
      <Text size="sm" title={roster.read_at ? formatDateTime(roster.read_at) : undefined}>
        {rosterReadWords(roster, now)}
      </Text>
      {roster.error && (
        <Text size="sm" c="red.4">
          Last read failed: {roster.error}
        </Text>
      )}
      {!roster.readable && (
        <Text size="sm" c="dimmed">
          No connected binding may read this roster →{' '}
          <Anchor component={Link} to="/admin/swc" size="sm" underline="always">
            SWC Integration
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
