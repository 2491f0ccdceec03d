import type { App } from '@portal/contract';
import { Modal } from '@mantine/core';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';
import { OidcClientPanel, useClientSecretChanges } from './oidc-client-panel.tsx';

interface OidcClientModalProps {
  app: App;
  opened: boolean;
  onClose: () => void;
  /** The dialog has faded out after closing: the catalog can let it go. */
  onClosed?: () => void;
}

/**
 * One app as an OpenID Connect client: what to paste into it, and its secret. A new secret is held only
 * in this dialog's state, so closing it forgets the secret; the catalog mounts a fresh dialog per opening.
 */
export function OidcClientModal({ app, opened, onClose, onClosed }: OidcClientModalProps) {
  const changes = useClientSecretChanges(app);
  const { busy } = changes;
  const phone = usePhoneLayout();

  const close = () => {
    if (busy) return;
    changes.create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title={`OpenID Connect: ${app.name}`}
      size="lg"
      // A phone gives the dialog the whole screen: the page behind it is of no use meanwhile.
      fullScreen={phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ disabled: busy }}
    >
      <OidcClientPanel app={app} changes={changes} />
    </Modal>
  );
}
