import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export const GRANT_GONE_MESSAGE = 'SWCombine no longer accepts the permissions you granted; sign in again or re-authorize.';

interface ReauthorizeNoticeProps {
  scopes: string[];
  grantGone: boolean;
  busy: boolean;
  onReauthorize: () => void;
}

/** Scopes the portal no longer holds (a lost or revoked grant) with the way to get them back. */
export function ReauthorizeNotice({ scopes, grantGone, busy, onReauthorize }: ReauthorizeNoticeProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={grantGone ? 'Permissions lost' : 'Needs re-authorization'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {grantGone
            ? GRANT_GONE_MESSAGE
            : 'SWCombine revokes whole grants, so revoking a scope ended the others too. Grant them again to keep using them.'}
        </Text>
        {scopes.length > 0 && (
          <Group gap={6} role="list" aria-label="Scopes to grant again">
            {scopes.map((scope) => (
              <Code key={scope} role="listitem">
                {scope}
              </Code>
            ))}
          </Group>
        )}
        <Button
          size="sm"
          variant="filled"
          color="yellow"
          w="fit-content"
          loading={busy}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onReauthorize}
        >
          Re-authorize
        </Button>
      </Stack>
    </Alert>
  );
}
