import type { Passkey } from '@portal/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLogin2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { freshSignInUrl } from '@/lib/auth-urls.ts';
import { useBrowserOrigin } from '@/lib/server-rendered.ts';
import { useOwnPasskeys, useRemovePasskey } from '../api/own-passkeys.ts';
import { AddPasskeyModal } from './add-passkey-modal.tsx';
import { PasskeyList } from './passkey-list.tsx';
import { RemovePasskeyDialog } from './remove-passkey-dialog.tsx';

/** The browser and system, as a first name for a new passkey. */
function deviceName(): string {
  if (typeof navigator === 'undefined') return 'My passkey';
  const ua = navigator.userAgent;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  return browser && system ? `${browser} on ${system}` : 'My passkey';
}

/** A fresh SWCombine sign-in is needed first: said, with the way to do it. */
function FreshSignInNeeded() {
  const origin = useBrowserOrigin();
  return (
    <Alert color="blue" title="Sign in with SWCombine again to add a passkey">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Adding a passkey needs a SWCombine sign-in at most 10 minutes old, so a stolen session cannot add one.</Text>
        <Button component="a" href={freshSignInUrl(origin)} size="xs" leftSection={<IconLogin2 size={14} aria-hidden />}>
          Sign in with SWCombine again
        </Button>
      </Stack>
    </Alert>
  );
}

/** What the passkey list says about adding one: until when it may, and whether one of theirs is used first. */
interface AddState {
  can_add_until: string | null;
  confirm_first: boolean;
}

/**
 * Add a passkey: `start` opens the name form when the SWCombine sign-in is fresh, else says how to make
 * it so; `parts` (the form, the notice) go outside any list, which re-mounts its toolbar on a resize.
 */
export function useAddPasskey(state: AddState | undefined, onAdded: (name: string) => void) {
  const [adding, setAdding] = useState(false);
  const [stale, setStale] = useState(false);
  const canAdd = state?.can_add_until != null && new Date(state.can_add_until) > new Date();
  const start = () => (canAdd ? setAdding(true) : setStale(true));
  const parts = (
    <>
      {stale && !canAdd && <FreshSignInNeeded />}
      <AddPasskeyModal
        opened={adding}
        suggestedName={deviceName()}
        confirmFirst={state?.confirm_first ?? false}
        onClose={() => setAdding(false)}
        onDone={onAdded}
      />
    </>
  );
  return { start, parts };
}

export function AddPasskeyButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick}>
      Add a passkey
    </Button>
  );
}

/** Your account → Passkeys: sign in without SWCombine, and confirm it's you where the admin console or an app asks. */
export function PasskeysSection() {
  const passkeys = useOwnPasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const outcome = useFeedback();
  const add = useAddPasskey(passkeys.data, (name) => outcome.succeed(`${name} added.`));
  return (
    <Stack gap="sm">
      <PasskeyList
        query={{ ...passkeys, data: passkeys.data?.passkeys }}
        label="Passkeys"
        description="Sign in with a passkey when SWCombine is down, and confirm it's you where the admin console or an app asks for one."
        aside={passkeys.data && <AddPasskeyButton onClick={add.start} />}
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        empty="You have no passkey yet."
        onRemove={(p) => {
          outcome.clear();
          setRemoving(p);
        }}
      />
      <RemovePasskeyDialog
        passkey={removing}
        remove={remove}
        onClose={() => setRemoving(null)}
        onDone={(name) => outcome.succeed(`${name} removed.`)}
      >
        It can no longer sign you in or confirm it's you. The passkey stays in your browser or password manager until you delete it there.
      </RemovePasskeyDialog>
      {add.parts}
    </Stack>
  );
}
