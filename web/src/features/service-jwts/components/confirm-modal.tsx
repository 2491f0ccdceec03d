import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that changes things; it cannot be dismissed while the action runs. */
export function ConfirmModal({ opened, title, children, confirmLabel, busyLabel, busy, color, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
    >
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            disabled={busy}
            leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
