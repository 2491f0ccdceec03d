import { DEVICE_CODE_GRANT, type App } from '@portal/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { useOidcClient } from '../api/get-oidc-client.ts';
import { useUpdateApp } from '../api/update-app.ts';
import { formFromApp, toAppInput, validateAppForm } from './app-form-values.ts';
import { CopyValue } from './copy-value.tsx';
import { GrantTypesField } from './grant-types-field.tsx';
import { issuerOf } from './oidc-client-details.tsx';

interface GrantValues {
  grant_types: string[];
  machine_scopes: string;
}

/** What a chosen way to sign in still needs, where the admin sets it. */
function Needs({
  app,
  grants,
  confidential,
  devicePage,
}: {
  app: App;
  grants: string[];
  confidential: boolean;
  devicePage: string | null;
}) {
  const notes: { key: string; title: string; body: ReactNode }[] = [];
  if (grants.includes('authorization_code') && app.redirect_urls.length === 0) {
    notes.push({
      key: 'code',
      title: 'Add the app’s callback URL',
      body: 'Sign-in with a code comes back to one of the app’s Sign-in return addresses: add its callback URL on the Details tab.',
    });
  }
  if (grants.includes('client_credentials') && !confidential) {
    notes.push({
      key: 'machine',
      title: 'A machine client needs a client secret',
      body: 'It signs in with its client secret: create one below with New client secret.',
    });
  }
  return (
    <>
      {notes.map((note) => (
        <Alert key={note.key} color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={note.title}>
          {note.body}
        </Alert>
      ))}
      {grants.includes(DEVICE_CODE_GRANT) && devicePage && (
        <Stack gap={4}>
          <Text size="sm">Players enter the code the app shows them at:</Text>
          <CopyValue value={devicePage} what="device page address" />
        </Stack>
      )}
    </>
  );
}

/** The Sign-in tab's choice of the ways the app signs in, saved on its own (the rest of the app is as stored). */
export function GrantTypesSettings({ app }: { app: App }) {
  const stored = formFromApp(app);
  const form = useForm<GrantValues>({
    initialValues: { grant_types: stored.grant_types, machine_scopes: stored.machine_scopes },
    validate: (values) => {
      const errors = validateAppForm({ ...stored, ...values });
      return { grant_types: errors.grant_types, machine_scopes: errors.machine_scopes };
    },
  });
  const update = useUpdateApp();
  const client = useOidcClient(app.id);
  const outcome = useFeedback();
  const confidential = client.data?.client_type === 'confidential';
  const devicePage = client.data ? `${issuerOf(client.data.discovery_url)}/device` : null;

  const save = form.onSubmit((values) => {
    outcome.clear();
    update.mutate(
      { id: app.id, input: toAppInput({ ...formFromApp(app), ...values }) },
      {
        onSuccess: () => {
          form.resetDirty();
          outcome.succeed(`${app.name} now signs in the ways chosen.`);
        },
        onError: (error) => outcome.fail('Could not save the ways to sign in', error),
      },
    );
  });

  return (
    <form onSubmit={save} noValidate aria-label="Ways to sign in">
      <Stack gap="md">
        <GrantTypesField
          value={form.values.grant_types}
          onChange={(grants) => form.setFieldValue('grant_types', grants)}
          error={form.errors.grant_types}
          machineScopes={form.values.machine_scopes}
          onMachineScopesChange={(scopes) => form.setFieldValue('machine_scopes', scopes)}
          machineScopesError={form.errors.machine_scopes}
        />
        <Needs app={app} grants={form.values.grant_types} confidential={confidential} devicePage={devicePage} />
        <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            Save ways to sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
