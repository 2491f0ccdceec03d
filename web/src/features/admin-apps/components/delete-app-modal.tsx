import type { App } from '@portal/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDeleteApp } from '../api/delete-app.ts';
import { serverMessage } from '../api/error-message.ts';

interface DeleteAppModalProps {
  app: App | null;
  onClose: () => void;
  onDeleted: (app: App) => void;
}

/** SPEC.md §2: Delete asks 'Delete app?' first. */
export function DeleteAppModal({ app, onClose, onDeleted }: DeleteAppModalProps) {
  const remove = useDeleteApp();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!app) return;
    remove.mutate(app.id, {
      onSuccess: () => {
        remove.reset();
        onDeleted(app);
      },
    });
  };
  return (
    <Modal opened={app !== null} onClose={close} title="Delete app?" centered>
      <Stack gap="md">
        {app && (
          <Text size="sm">
            <Text span fw={600}>
              {app.name}
            </Text>{' '}
            ({app.key}) is removed from the catalog, with its access grants, consents and roles. This cannot be undone.
          </Text>
        )}
        {remove.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverMessage(remove.error, 'Delete failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
