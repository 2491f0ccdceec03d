import { DiscordConnectionInput, type DiscordConnection } from '@portal/contract';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { contractValidator } from '@/lib/form-validation.ts';
import { useSaveDiscordConnection } from '../api/connection.ts';

interface Values {
  client_id: string;
  client_secret: string;
  bot_token: string;
  guild_id: string;
  on_leave: 'remove_roles' | 'kick';
  nickname: string;
  reconcile: 'fix' | 'report';
}

const LABELS = {
  client_id: 'Client ID',
  client_secret: 'Client secret',
  bot_token: 'Bot token',
  guild_id: 'Server ID',
  on_leave: 'When a player leaves',
  nickname: 'Nickname template',
  reconcile: 'Reconcile',
} as const;

/** The body sent: an empty secret keeps the stored one, an empty template leaves nicknames alone. */
const bodyOf = (v: Values) => ({
  client_id: v.client_id.trim(),
  guild_id: v.guild_id.trim(),
  on_leave: v.on_leave,
  reconcile: v.reconcile,
  nickname: v.nickname.trim() ? v.nickname.trim() : null,
  ...(v.client_secret ? { client_secret: v.client_secret } : {}),
  ...(v.bot_token ? { bot_token: v.bot_token } : {}),
});
const validate = contractValidator<Values>(DiscordConnectionInput, bodyOf);

/** The Discord application, its bot and the server; the two secrets are write-only. */
export function ConnectionForm({ connection }: { connection: DiscordConnection }) {
  const save = useSaveDiscordConnection();
  const outcome = useFeedback();
  const refusal = useErrorSummary(LABELS);
  const form = useForm<Values>({
    initialValues: {
      client_id: connection.client_id,
      client_secret: '',
      bot_token: '',
      guild_id: connection.guild_id,
      on_leave: connection.on_leave,
      nickname: connection.nickname ?? '',
      reconcile: connection.reconcile,
    },
    validate,
  });
  const secretHint = (set: boolean) => (set ? 'Stored (never shown). Leave empty to keep it; type a new one to replace it.' : undefined);

  const submit = form.onSubmit(
    (values) => {
      refusal.passed();
      outcome.clear();
      save.mutate(bodyOf(values), {
        onSuccess: (answer) => {
          form.setValues({ client_secret: '', bot_token: '' });
          outcome.succeed(answer.status.ok ? 'Saved: Discord works.' : 'Saved. Discord does not fully work yet: see the status above.');
        },
        onError: (error) => outcome.fail('Save failed', error),
      });
    },
    (errors, values, event) => refusal.refused(errors, values, event),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Discord connection">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={LABELS.client_id}
            description="Developer portal → your application → OAuth2."
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('client_id')}
          />
          <TextInput
            label={LABELS.guild_id}
            description="Discord → Server Settings → Widget, or Copy Server ID."
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('guild_id')}
          />
          <PasswordInput
            label={LABELS.client_secret}
            description={secretHint(connection.client_secret_set) ?? 'Developer portal → OAuth2 → Client Secret.'}
            autoComplete="new-password"
            {...form.getInputProps('client_secret')}
          />
          <PasswordInput
            label={LABELS.bot_token}
            description={secretHint(connection.bot_token_set) ?? 'Developer portal → Bot → Reset Token.'}
            autoComplete="new-password"
            {...form.getInputProps('bot_token')}
          />
          <Select
            label={LABELS.on_leave}
            description="A linked player whose groups call for no managed role any more."
            data={[
              { value: 'remove_roles', label: 'Take the managed roles' },
              { value: 'kick', label: 'Remove them from the server' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('on_leave')}
          />
          <TextInput
            label={LABELS.nickname}
            description="{name} is the character’s name, {faction} its faction; at most 32 characters once filled in. Empty leaves nicknames alone."
            placeholder="{name} [{faction}]"
            autoComplete="off"
            {...form.getInputProps('nickname')}
          />
          <Select
            label={LABELS.reconcile}
            description="What the reconcile does with roles nobody granted."
            data={[
              { value: 'fix', label: 'Put the managed roles right' },
              { value: 'report', label: 'Only report the differences' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('reconcile')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} leftSection={<IconPlugConnected size={16} aria-hidden />}>
            {connection.connected ? 'Save' : 'Connect'}
          </Button>
        </Group>
        <FormErrorSummary {...refusal.summary(form.errors)} />
        <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      </Stack>
    </form>
  );
}
