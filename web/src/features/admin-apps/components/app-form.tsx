import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Button, Card, Checkbox, ColorSwatch, Divider, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { clearOfHeader, reveal } from '@/lib/reveal.ts';
import { useCreateApp } from '../api/create-app.ts';
import { useUpdateApp } from '../api/update-app.ts';
import { emptyAppForm, formFromApp, toAppInput, validateAppForm, type AppFormValues } from './app-form-values.ts';
import { IconPicker } from './icon-picker.tsx';

interface AppFormProps {
  /** The app being edited, or null to create one. Remount (key) to switch. */
  app: App | null;
  /** A save is sent: an earlier outcome shown elsewhere is no longer current. */
  onSaveStart: () => void;
  onSaved: (name: string, created: boolean) => void;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider label={title} labelPosition="left" />
      {children}
    </Stack>
  );
}

/** Create or update an app: every field of the catalog, checked against the contract before sending. */
export function AppForm({ app, onSaveStart, onSaved, onCancel }: AppFormProps) {
  const form = useForm<AppFormValues>({ initialValues: app ? formFromApp(app) : emptyAppForm, validate: validateAppForm });
  const create = useCreateApp();
  const update = useUpdateApp();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const isPortal = app?.key === PORTAL_APP_KEY;
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Editing starts from the table (or a phone's card): bring the form into view and announce it.
  useEffect(() => {
    if (!app || !titleRef.current) return;
    reveal(titleRef.current.closest('section'), 'start');
    titleRef.current.focus({ preventScroll: true });
  }, [app]);

  const { setFieldValue } = form;
  const setIcon = useCallback((icon: string) => setFieldValue('icon', icon), [setFieldValue]);
  const text = (field: keyof AppFormValues) => form.getInputProps(field);
  const check = (field: 'allow_global_admin' | 'allow_delegated_swc_token' | 'skip_uid_whitelist') =>
    form.getInputProps(field, { type: 'checkbox' });

  const submit = form.onSubmit((values) => {
    if (saving) return;
    const input = toAppInput(values);
    create.reset();
    update.reset();
    onSaveStart();
    const done = { onSuccess: () => onSaved(input.name, !app) };
    if (app) update.mutate({ id: app.id, input }, done);
    else create.mutate(input, done);
  });

  return (
    <Card component="section" aria-labelledby="app-form-title" style={clearOfHeader}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="app-form-title" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
              {app ? `Edit ${app.name}` : 'Create app'}
            </Title>
            <Text size="sm" c="dimmed">
              {app ? 'Change the fields and save; the dashboard follows at once.' : 'Add an app to the catalog.'}
            </Text>
          </Stack>

          <Section title="Basics">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="Key"
                placeholder="fleet-ops"
                description={isPortal ? 'The portal app keeps the key "portal".' : 'Lowercase letters, digits, - and _'}
                withAsterisk
                readOnly={isPortal}
                autoComplete="off"
                {...text('key')}
              />
              <TextInput label="Name" placeholder="Fleet Ops" description="Shown on the dashboard." withAsterisk {...text('name')} />
              <TextInput
                label="Audience"
                placeholder="fleet-ops"
                description={isPortal ? 'The portal app keeps the audience "portal".' : 'The aud claim of its tokens.'}
                withAsterisk
                readOnly={isPortal}
                autoComplete="off"
                {...text('audience')}
              />
            </SimpleGrid>
            <TextInput
              label="URL"
              placeholder="https://fleet.example.com/"
              description="Where the dashboard card leads."
              {...text('url')}
            />
            <Textarea label="Description" placeholder="What the app is for" rows={2} resize="vertical" {...text('description')} />
            <IconPicker value={form.values.icon} onChange={setIcon} error={form.errors.icon} />
          </Section>

          <Section title="Phase">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Phase" placeholder="Beta" {...text('phase')} />
              <TextInput label="Phase description" placeholder="Open to all members" {...text('phaseDesc')} />
              <TextInput
                label="Phase colour"
                placeholder="blue"
                description="A colour name such as blue, teal or grape; blue when empty."
                leftSection={
                  <ColorSwatch color={form.values.phaseColor.trim() || 'var(--mantine-color-blue-filled)'} size={16} aria-hidden />
                }
                {...text('phaseColor')}
              />
              <TextInput
                label="Progress"
                placeholder="0"
                description="A whole number from 0 to 100; 0 when empty."
                inputMode="numeric"
                rightSection={
                  <Text size="sm" c="dimmed" aria-hidden>
                    %
                  </Text>
                }
                {...text('progress')}
              />
            </SimpleGrid>
          </Section>

          <Section title="Sign-in">
            <Textarea
              label="Redirect URLs"
              placeholder="https://fleet.example.com/callback https://fleet.example.com/silent"
              description="Separate URLs with spaces or new lines."
              resize="vertical"
              rows={2}
              {...text('redirect_urls')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Front-channel logout URL"
                placeholder="https://fleet.example.com/logout"
                {...text('frontchannel_logout_url')}
              />
              <TextInput
                label="Back-channel logout URL"
                placeholder="https://fleet.example.com/backchannel-logout"
                {...text('backchannel_logout_url')}
              />
            </SimpleGrid>
          </Section>

          <Section title="Access">
            <Stack gap="sm">
              <Checkbox
                label="Allow global admins"
                description="Portal admins may sign in without a grant and hold the admin role in the app."
                {...check('allow_global_admin')}
              />
              <Checkbox
                label="Allow delegated SWC token"
                description="The app may act on SWCombine with the user's automation token."
                {...check('allow_delegated_swc_token')}
              />
              <Checkbox
                label="Bypass UID whitelist"
                description="Every player may sign in; no access grant is needed."
                {...check('skip_uid_whitelist')}
              />
            </Stack>
          </Section>

          {saveError && <ErrorAlert title="Save failed" error={saveError} />}

          <Group justify="flex-end" gap="sm">
            {app && (
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            )}
            <Button
              type="submit"
              loading={saving}
              leftSection={app ? <IconDeviceFloppy size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
            >
              {app ? 'Save changes' : 'Create app'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
