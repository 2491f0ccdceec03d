import type { App } from '@portal/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useCreateApp } from '../api/create-app.ts';
import { serverMessage } from '@/lib/api-error.ts';
import { useUpdateApp } from '../api/update-app.ts';
import {
  emptyAppForm,
  formFromApp,
  PORTAL_KEY,
  toAppInput,
  validateAppInput,
  type AppFormErrors,
  type AppFormValues,
} from './app-form-values.ts';
import { IconPicker } from './icon-picker.tsx';

interface AppFormProps {
  /** The app being edited, or null to create one. Remount (key) to switch. */
  app: App | null;
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

/** Create or update an app: every field of SPEC.md §3, checked against the contract before sending. */
export function AppForm({ app, onSaved, onCancel }: AppFormProps) {
  const [values, setValues] = useState<AppFormValues>(() => (app ? formFromApp(app) : emptyAppForm));
  const [errors, setErrors] = useState<AppFormErrors>({});
  const create = useCreateApp();
  const update = useUpdateApp();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const isPortal = app?.key === PORTAL_KEY;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const saveMessage = saveError ? serverMessage(saveError, 'Save failed') : null;

  // Editing starts from the table (or a phone's card): bring the form into view and announce it.
  useEffect(() => {
    if (!app || !titleRef.current) return;
    titleRef.current.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    titleRef.current.focus({ preventScroll: true });
  }, [app]);

  const set = useCallback(<K extends keyof AppFormValues>(field: K, value: AppFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);
  const setIcon = useCallback((icon: string) => set('icon', icon), [set]);
  const text = (field: Exclude<keyof AppFormValues, 'allow_global_admin' | 'allow_delegated_swc_token' | 'skip_uid_whitelist'>) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, event.currentTarget.value),
    error: errors[field],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = toAppInput(values);
    const problems = validateAppInput(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.reset();
    update.reset();
    const done = { onSuccess: () => onSaved(input.name, !app) };
    if (app) update.mutate({ id: app.id, input }, done);
    else create.mutate(input, done);
  };

  return (
    <Card component="section" aria-labelledby="app-form-title" style={{ scrollMarginTop: 80 }}>
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
            <IconPicker value={values.icon} onChange={setIcon} error={errors.icon} />
          </Section>

          <Section title="Phase">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Phase" placeholder="Beta" {...text('phase')} />
              <TextInput label="Phase description" placeholder="Open to all members" {...text('phaseDesc')} />
              <TextInput
                label="Phase colour"
                placeholder="blue"
                description="A colour name such as blue, teal or grape; blue when empty."
                leftSection={<ColorSwatch color={values.phaseColor.trim() || 'var(--mantine-color-blue-filled)'} size={16} aria-hidden />}
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
                checked={values.allow_global_admin}
                onChange={(event) => set('allow_global_admin', event.currentTarget.checked)}
              />
              <Checkbox
                label="Allow delegated SWC token"
                description="The app may act on SWCombine with the user's automation token."
                checked={values.allow_delegated_swc_token}
                onChange={(event) => set('allow_delegated_swc_token', event.currentTarget.checked)}
              />
              <Checkbox
                label="Bypass UID whitelist"
                description="Every player may sign in; no access grant is needed."
                checked={values.skip_uid_whitelist}
                onChange={(event) => set('skip_uid_whitelist', event.currentTarget.checked)}
              />
            </Stack>
          </Section>

          {saveMessage && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={saveMessage === 'Save failed' ? undefined : 'Save failed'}
              role="alert"
            >
              {saveMessage}
            </Alert>
          )}

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
