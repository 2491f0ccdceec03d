import { Alert, Button, Center, EmptyState, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint, IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { passkeyFailure } from '../api/browser-error.ts';
import { useAdminConsoleStepUp, useConfirmPasskey } from '../api/confirm-passkey.ts';
import { useOwnPasskeys } from '../api/own-passkeys.ts';
import { AddPasskeyButton, useAddPasskey } from './passkeys-section.tsx';

/** "Confirm it's you": one of the player's passkeys, used in this session; `onConfirmed` runs once it is. */
export function ConfirmItsYou({ description, onConfirmed }: { description: string; onConfirmed?: () => void }) {
  const confirm = useConfirmPasskey(onConfirmed);
  return (
    <EmptyState variant="light" maw={460} icon={<IconFingerprint size={28} aria-hidden />}>
      <EmptyState.Title order={1}>Confirm it's you</EmptyState.Title>
      <EmptyState.Description>{description} Your browser or password manager asks for it.</EmptyState.Description>
      <EmptyState.Actions>
        <Stack gap="sm" align="center">
          <Button loading={confirm.isPending} leftSection={<IconFingerprint size={16} aria-hidden />} onClick={() => confirm.mutate()}>
            Confirm with a passkey
          </Button>
          {confirm.error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Not confirmed" ta="left">
              {passkeyFailure(confirm.error, 'The passkey could not confirm it’s you. Try again.')}
            </Alert>
          )}
        </Stack>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** A player without a passkey, where one is needed: the title and why, and the Add a passkey button. */
export function AddPasskeyFirst({ title, description }: { title: string; description: string }) {
  const passkeys = useOwnPasskeys();
  const add = useAddPasskey(passkeys.data, () => undefined);
  return (
    <EmptyState variant="light" maw={460} icon={<IconKey size={28} aria-hidden />}>
      <EmptyState.Title order={1}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      <EmptyState.Actions>
        <Stack gap="sm" align="center">
          {passkeys.data && <AddPasskeyButton onClick={add.start} />}
          {add.parts}
        </Stack>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * Inside the admin guard: with ADMIN_PASSKEY=required, the admin screens show only once a passkey was
 * used in this session lately ("Confirm it's you"); an admin without one is asked to add one first.
 */
export function AdminStepUp({ children }: { children: ReactNode }) {
  const stepUp = useAdminConsoleStepUp();
  if (stepUp.isPending) return <CenteredLoader />;
  if (stepUp.isError)
    return <ErrorAlert title="Failed to load the admin console." error={stepUp.error} onRetry={() => void stepUp.refetch()} />;
  const { passkey_required, confirmed_until, has_passkey } = stepUp.data;
  if (!passkey_required || confirmed_until) return <>{children}</>;
  return (
    <Center mih={240} p="md">
      {has_passkey ? (
        <ConfirmItsYou description="The admin console needs a passkey used in this session lately." />
      ) : (
        <AddPasskeyFirst
          title="Add a passkey to use the admin console"
          description="A game password alone does not open the admin console. Add a passkey, then confirm it's you with it."
        />
      )}
    </Center>
  );
}
