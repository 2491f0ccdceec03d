import type { App } from '@portal/contract';
import { Box, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';
import { useCreateClientSecret } from '../api/create-client-secret.ts';
import { useOidcClient } from '../api/get-oidc-client.ts';
import { useRemoveClientSecret } from '../api/remove-client-secret.ts';
import { FreshSecret } from './fresh-secret.tsx';
import { OidcClientDetails } from './oidc-client-details.tsx';
import { SecretButtons, SecretConfirm, type SecretChange } from './secret-actions.tsx';

interface OidcClientModalProps {
  app: App;
  opened: boolean;
  onClose: () => void;
}

/**
 * One app as an OpenID Connect client: what to paste into it, and its secret. A new secret is held only
 * in this dialog's state, so closing it forgets the secret; the catalog mounts a fresh dialog per opening.
 */
export function OidcClientModal({ app, opened, onClose }: OidcClientModalProps) {
  const client = useOidcClient(app.id);
  const create = useCreateClientSecret(app.id);
  const remove = useRemoveClientSecret(app.id);
  const [asking, setAsking] = useState<SecretChange | null>(null);
  // What the last change did: a failure, or that the app is public again.
  const outcome = useFeedback();
  const busy = create.isPending || remove.isPending;
  const phone = usePhoneLayout();

  const close = () => {
    if (busy) return;
    create.reset();
    onClose();
  };
  const createSecret = () => {
    outcome.clear();
    create.mutate(undefined, {
      onSettled: () => setAsking(null),
      onError: (error) => outcome.fail('Could not create a client secret', error),
    });
  };
  const removeSecret = () => {
    outcome.clear();
    remove.mutate(undefined, {
      onSettled: () => setAsking(null),
      onSuccess: () => {
        create.reset();
        outcome.succeed(`${app.name} is a public client again.`);
      },
      onError: (error) => outcome.fail('Could not remove the client secret', error),
    });
  };
  const ask = (change: SecretChange) => {
    outcome.clear();
    setAsking(change);
  };

  // A secret just made counts before the client is read again.
  const confidential = client.data?.client_type === 'confidential' || create.data !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`OpenID Connect: ${app.name}`}
      size="lg"
      // A phone gives the dialog the whole screen: the page behind it is of no use meanwhile.
      fullScreen={phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ disabled: busy }}
    >
      {client.isPending ? (
        <CenteredLoader label="Loading client details..." />
      ) : client.isError ? (
        <ErrorAlert title="Failed to load the client details" error={client.error} onRetry={() => void client.refetch()} />
      ) : (
        <Stack gap="md">
          <OidcClientDetails client={client.data} />
          {create.data && <FreshSecret secret={create.data.client_secret} appName={app.name} />}
          {/* The outcome and the buttons stay at the bottom of the dialog while the details scroll under them. */}
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
                  onConfirm={asking === 'replace' ? createSecret : removeSecret}
                  onCancel={() => setAsking(null)}
                />
              ) : (
                <SecretButtons
                  confidential={confidential}
                  creating={create.isPending}
                  onNew={() => (confidential ? ask('replace') : createSecret())}
                  onRemove={() => ask('remove')}
                />
              )}
            </Stack>
          </Box>
        </Stack>
      )}
    </Modal>
  );
}
