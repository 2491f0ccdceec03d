import type { SwcBindingStatus } from '@portal/contract';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { budgetLine } from './budget-line.ts';

const who = (named: { uid: string; name: string }) => (named.name === named.uid ? named.uid : `${named.name} (${named.uid})`);

/** Connected or not, who authorized it with which scopes, and what is left of the SWCombine request budget. */
export function SwcStatus({ status }: { status: SwcBindingStatus }) {
  const { connected, authorizedBy, faction, grantedScopes } = status;
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="sm" wrap="wrap">
        <Badge color={connected ? 'green' : 'gray'} variant={connected ? 'filled' : 'outline'} size="lg">
          {connected ? 'Connected' : 'Not connected'}
        </Badge>
        {status.updatedAt && (
          <Text size="sm" c="dimmed">
            Updated {formatDateTime(status.updatedAt)}
          </Text>
        )}
      </Group>
      {authorizedBy && (
        <Text size="sm">
          Authorized by <strong>{who(authorizedBy)}</strong>
          {faction && <> of {who(faction)}</>}
        </Text>
      )}
      {grantedScopes.length > 0 && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Scopes: {grantedScopes.join(', ')}
        </Text>
      )}
      {status.error && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {status.error}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {budgetLine(status.budget)}
      </Text>
    </Stack>
  );
}
