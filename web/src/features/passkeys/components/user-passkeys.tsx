import type { AdminUser, Passkey } from '@portal/contract';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { useRemoveUserPasskey, useUserPasskeys } from '../api/user-passkeys.ts';
import { PasskeyList } from './passkey-list.tsx';
import { RemovePasskeyDialog } from './remove-passkey-dialog.tsx';

/** An admin's view of a player's passkeys, each with Remove (a lost or stolen authenticator). */
export function UserPasskeys({ user, headingOrder = 2 }: { user: AdminUser; headingOrder?: 2 | 3 }) {
  const passkeys = useUserPasskeys(user.id);
  const remove = useRemoveUserPasskey(user.id);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const outcome = useFeedback();
  const name = user.name ?? user.uid;
  return (
    <>
      <PasskeyList
        query={passkeys}
        label="Passkeys"
        headingOrder={headingOrder}
        description={`The passkeys ${name} signs in and confirms with. Remove one that is lost or stolen.`}
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        empty={`${name} has no passkey.`}
        onRemove={(p) => {
          outcome.clear();
          setRemoving(p);
        }}
      />
      <RemovePasskeyDialog
        passkey={removing}
        remove={remove}
        onClose={() => setRemoving(null)}
        onDone={(n) => outcome.succeed(`${n} removed.`)}
      >
        {name} can no longer sign in or confirm with it. Their sessions stay: end them on the Sessions tab if the passkey was stolen.
      </RemovePasskeyDialog>
    </>
  );
}
