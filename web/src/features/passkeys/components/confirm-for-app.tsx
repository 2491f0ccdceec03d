import { Center } from '@mantine/core';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { useOwnPasskeys } from '../api/own-passkeys.ts';
import { AddPasskeyFirst, ConfirmItsYou } from './admin-step-up.tsx';

/** Where the portal sends a player on after the confirmation: only its own sign-in steps, which check the rest. */
const NEXT_PATHS = [/^\/auth\/login\?/, /^\/oidc\/interaction\/[\w-]+$/];

/** The `next` the server gave, when it is one of the portal's sign-in steps; the dashboard otherwise. */
export function confirmedNext(next: string | null): string {
  return next && NEXT_PATHS.some((p) => p.test(next)) ? next : '/dashboard';
}

/**
 * An app that requires a passkey (or a sign-in that asked for one) sent the player here: "Confirm it's you",
 * then on to the sign-in step that sent them (`next`), which goes on to the app. A player without a passkey
 * is asked to add one first.
 */
export function ConfirmForApp({ next }: { next: string | null }) {
  const passkeys = useOwnPasskeys();
  if (passkeys.isPending) return <CenteredLoader />;
  if (passkeys.isError)
    return <ErrorAlert title="Failed to load your passkeys." error={passkeys.error} onRetry={() => void passkeys.refetch()} />;
  return (
    <Center mih={240} p="md">
      {passkeys.data.passkeys.length > 0 ? (
        <ConfirmItsYou
          description="The app you are opening needs a passkey used in this session."
          onConfirmed={() => window.location.assign(confirmedNext(next))}
        />
      ) : (
        <AddPasskeyFirst
          title="Add a passkey to open this app"
          description="The app you are opening needs a passkey. Add one, then confirm it's you with it."
        />
      )}
    </Center>
  );
}
