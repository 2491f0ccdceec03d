import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint } from '@tabler/icons-react';
import { passkeyFailure } from '../api/browser-error.ts';
import { usePasskeySignIn } from '../api/passkey-sign-in.ts';

/** /login's second way in: a passkey added on Your account, with no SWCombine round trip. */
export function PasskeySignInButton() {
  const signIn = usePasskeySignIn();
  return (
    <Stack gap="xs" w="100%">
      <Button
        size="md"
        fullWidth
        variant="default"
        loading={signIn.isPending || signIn.isSuccess}
        leftSection={<IconFingerprint size={20} aria-hidden />}
        onClick={() => signIn.mutate()}
      >
        Sign in with a passkey
      </Button>
      {signIn.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Not signed in" ta="left">
          {passkeyFailure(signIn.error, 'Signing in with a passkey failed. Try again, or login with SWCombine.')}
        </Alert>
      )}
    </Stack>
  );
}
