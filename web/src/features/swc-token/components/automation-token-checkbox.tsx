import { Checkbox } from '@mantine/core';
import { useAuthToken } from '../api/get-auth-token.ts';
import { useSetAuthToken } from '../api/set-auth-token.ts';

/** Bound to GET/POST /api/swc/auth-token; a failed GET leaves it unchecked, failures say nothing. */
export function AutomationTokenCheckbox() {
  const token = useAuthToken();
  const setToken = useSetAuthToken();
  return (
    <Checkbox
      label="Enable SWC automation token"
      description="Lets the platform's services act on SWCombine on your behalf."
      checked={token.data?.enabled ?? false}
      disabled={token.isPending}
      onChange={(event) => setToken.mutate(event.currentTarget.checked)}
    />
  );
}
