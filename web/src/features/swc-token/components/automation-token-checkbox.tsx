import { Checkbox, Stack } from '@mantine/core';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { OfflineNotice } from '@/components/offline-notice.tsx';
import { isNoAnswer } from '@/lib/api-error.ts';
import { useAuthToken } from '../api/get-auth-token.ts';
import { useSetAuthToken } from '../api/set-auth-token.ts';

/**
 * Bound to GET/POST /api/swc/auth-token; a failed GET leaves it unchecked, failures the server answered say
 * nothing. A save that got no answer keeps the choice and offers to send it again; offline, it says it waits.
 */
export function AutomationTokenCheckbox() {
  const token = useAuthToken();
  const setToken = useSetAuthToken();
  const unsent = isNoAnswer(setToken.error) ? setToken.variables : undefined;
  return (
    <Stack gap="xs">
      <Checkbox
        label="Enable SWC automation token"
        description="Lets the platform's services act on SWCombine on your behalf."
        checked={token.data?.enabled ?? false}
        disabled={token.isPending}
        onChange={(event) => setToken.mutate(event.currentTarget.checked)}
      />
      {unsent !== undefined && (
        <ErrorAlert
          title={unsent ? 'The token was not switched on' : 'The token was not switched off'}
          error={setToken.error}
          onRetry={() => setToken.mutate(unsent)}
        />
      )}
      <OfflineNotice paused={setToken.isPaused} />
    </Stack>
  );
}
