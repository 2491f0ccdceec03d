import type { App } from '@portal/contract';
import { Box, Stack } from '@mantine/core';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { useCreateClientSecret } from '../api/create-client-secret.ts';
import { useOidcClient } from '../api/get-oidc-client.ts';
import { useRemoveClientSecret } from '../api/remove-client-secret.ts';
import { FreshSecret } from './fresh-secret.tsx';
import { OidcClientDetails } from './oidc-client-details.tsx';
import { SecretButtons, SecretConfirm, type SecretChange } from './secret-actions.tsx';

/**
 * What can be done to an app's client secret, and what the last change did. A new secret is held only in
 * this state: whoever holds it (the dialog, the app page's tab) forgets the secret when it goes.
 */
export function useClientSecretChanges(app: App) {
  const create = useCreateClientSecret(app.id);
  const remove = useRemoveClientSecret(app.id);
  const [asking, setAsking] = useState<SecretChange | null>(null);
  // What the last change did: a failure, or that the app is public again.
  const outcome = useFeedback();
  return {
    create,
    asking,
    outcome,
    /** A change is running: the dialog cannot be closed meanwhile. */
    busy: create.isPending || remove.isPending,
    ask: (change: SecretChange) => {
      outcome.clear();
      setAsking(change);
    },
    cancel: () => setAsking(null),
    createSecret: () => {
      outcome.clear();
      create.mutate(undefined, {
        onSettled: () => setAsking(null),
        onError: (error) => outcome.fail('Could not create a client secret', error),
      });
    },
    removeSecret: () => {
      outcome.clear();
      remove.mutate(undefined, {
        onSettled: () => setAsking(null),
        onSuccess: () => {
          create.reset();
          outcome.succeed(`${app.name} is a public client again.`);
        },
        onError: (error) => outcome.fail('Could not remove the client secret', error),
      });
    },
  };
}

type ClientSecretChanges = ReturnType<typeof useClientSecretChanges>;

/** One app as an OpenID Connect client: what to paste into it, and its secret (new, replaced or removed). */
export function OidcClientPanel({ app, changes }: { app: App; changes: ClientSecretChanges }) {
  const client = useOidcClient(app.id);
  const { create, asking, outcome, busy } = changes;
  if (client.isPending) return <CenteredLoader label="Loading client details..." />;
  if (client.isError) {
    return <ErrorAlert title="Failed to load the client details" error={client.error} onRetry={() => void client.refetch()} />;
  }
  // A secret just made counts before the client is read again.
  const confidential = client.data.client_type === 'confidential' || create.data !== undefined;
  return (
    <Stack gap="md">
      <OidcClientDetails client={client.data} signsInWithCode={app.grant_types.includes('authorization_code')} />
      {create.data && <FreshSecret secret={create.data.client_secret} appName={app.name} />}
      {/* The outcome and the buttons stay at the bottom (of the dialog, of the screen) while the details scroll under them. */}
      <Box
        data-testid="oidc-client-actions"
        pos="sticky"
        bottom={0}
        bg="var(--mantine-color-body)"
        py="md"
        mb="calc(-1 * var(--mantine-spacing-md))"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Stack gap="sm">
          <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
          {asking ? (
            <SecretConfirm
              change={asking}
              appName={app.name}
              busy={busy}
              onConfirm={asking === 'replace' ? changes.createSecret : changes.removeSecret}
              onCancel={changes.cancel}
            />
          ) : (
            <SecretButtons
              confidential={confidential}
              creating={create.isPending}
              onNew={() => (confidential ? changes.ask('replace') : changes.createSecret())}
              onRemove={() => changes.ask('remove')}
            />
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
