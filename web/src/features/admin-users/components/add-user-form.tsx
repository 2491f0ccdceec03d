import type { AdminUser } from '@portal/contract';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAddUser } from '../api/add-user.ts';
import { serverMessage } from '@/lib/api-error.ts';

interface AddUserFormProps {
  onAdded: (uid: string, user: AdminUser | null) => void;
}

/** SPEC.md §5: adding a user requires a non-empty UID; the server checks its form and uniqueness. */
export function AddUserForm({ onAdded }: AddUserFormProps) {
  const [uid, setUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const value = uid.trim();
    if (!value) {
      setError('UID is required');
      return;
    }
    setError(null);
    add.mutate(value, {
      onSuccess: (user) => {
        setUid('');
        onAdded(value, user);
      },
      onError: (failure) => setError(serverMessage(failure, 'The user could not be added.')),
    });
  };

  return (
    <Card component="section" aria-labelledby="add-user-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="add-user-title">
              Add user
            </Title>
            <Text size="sm" c="dimmed">
              Register a SWCombine character before their first sign-in, so access can be granted ahead of time.
            </Text>
          </Stack>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="UID"
              placeholder="1:12345"
              value={uid}
              onChange={(event) => {
                setUid(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              withAsterisk
              autoComplete="off"
              style={{ flex: '1 1 140px' }}
            />
            <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />} mt={25}>
              Add user
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
