import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconFingerprint } from '@tabler/icons-react';
import { passkeyFailure } from '../api/browser-error.ts';
import { useAddPasskey } from '../api/own-passkeys.ts';

interface AddPasskeyModalProps {
  opened: boolean;
  /** A name to start from: the browser and system this is. */
  suggestedName: string;
  /** The player has passkeys already: one of them is used first. */
  confirmFirst: boolean;
  onClose: () => void;
  onDone: (name: string) => void;
}

/** Names the new passkey, then asks the browser to create it. */
export function AddPasskeyModal({ opened, suggestedName, confirmFirst, onClose, onDone }: AddPasskeyModalProps) {
  const add = useAddPasskey();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: suggestedName },
    validate: {
      name: (v) => (!v.trim() ? 'Give the passkey a name' : v.trim().length > 64 ? 'At most 64 characters' : null),
    },
  });
  const close = () => {
    if (add.isPending) return;
    add.reset();
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add a passkey" centered closeOnClickOutside={!add.isPending}>
      <form
        onSubmit={form.onSubmit(({ name }) =>
          add.mutate(
            { name: name.trim(), confirmFirst },
            {
              onSuccess: (passkey) => {
                add.reset();
                form.reset();
                onClose();
                onDone(passkey.name);
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          <Text size="sm">
            Your browser or password manager creates the passkey and keeps it. Name it after the device or manager, so you know which one to
            remove if you lose it.
          </Text>
          <TextInput label="Name" required maxLength={64} data-autofocus {...form.getInputProps('name')} />
          {add.error && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="The passkey was not added">
              {passkeyFailure(add.error, 'The passkey could not be added.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} leftSection={<IconFingerprint size={16} aria-hidden />}>
              Create passkey
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
