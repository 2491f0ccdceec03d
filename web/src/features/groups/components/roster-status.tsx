import type { RosterStatus as Roster } from '@portal/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useNow } from '@/lib/use-now.ts';
import { formatDateTime, formatTimesIn } from '@/lib/format-date-time.ts';
import { rosterReadWords } from './group-words.ts';

/**
 * A faction roster's last read ('Read 3 minutes ago', 'Never read'), why the last read failed, and when no
 * connected binding may read it, the way to SWC Integration. `onTint`: it sits on an alert's tinted background.
 */
export function RosterStatus({ roster, onTint = false }: { roster: Roster; onTint?: boolean }) {
  const now = useNow();
  return (
    <Stack gap={2}>
      <Text size="sm" title={roster.read_at ? formatDateTime(roster.read_at) : undefined}>
        {rosterReadWords(roster, now)}
      </Text>
      {roster.error && (
        <Text size="sm" c="red.4">
          Last read failed: {formatTimesIn(roster.error)}
        </Text>
      )}
      {!roster.readable && (
        // Dimmed text on an alert's tint falls below 4.5:1: there it keeps the alert's own colour.
        <Text size="sm" c={onTint ? undefined : 'dimmed'}>
          No connected binding may read this roster →{' '}
          <Anchor component={Link} to="/admin/swc" size="sm" underline="always">
            SWC Integration
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
