import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Button, Card, Checkbox, Code, Divider, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { OfflineNotice } from '@/components/offline-notice.tsx';
import { isNoAnswer } from '@/lib/api-error.ts';
import { clearOfHeader, reveal } from '@/lib/reveal.ts';
import { useCreateApp } from '../api/create-app.ts';
import { useUpdateApp } from '../api/update-app.ts';
import {
  APP_FIELD_LABELS as LABELS,
  emptyAppForm,
  formFromApp,
  toAppInput,
  validateAppForm,
  type AppFormValues,
} from './app-form-values.ts';
import { conflictingField } from './app-conflict.ts';
import { GrantTypesField } from './grant-types-field.tsx';
import { IconPicker } from './icon-picker.tsx';
import { PhaseColourField } from './phase-colour-field.tsx';

interface AppFormProps {
  /** The app being edited, or null to create one. Remount (key) to switch. */
  app: App | null;
  /** A save is sent: an earlier outcome shown elsewhere is no longer current. */
  onSaveStart: () => void;
  /** `secret`: a machine client's client secret, made with the app and shown this once. */
  onSaved: (name: string, created: boolean, secret?: string) => void;
  onCancel: () => void;
  /** Each change of the fields, for a live preview. */
  onValuesChange?: (values: AppFormValues) => void;
  /** Edited on the app's own page: the form does not scroll itself into view when it mounts. */
  inPlace?: boolean;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider label={title} labelPosition="left" />
      {description && (
        <Text size="sm" c="dimmed" mt={-4}>
          {description}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** Each field's hint under it, so the fields of a row line up whatever their hints' length. */
const HINT_BELOW: ('label' | 'input' | 'error' | 'description')[] = ['label', 'input', 'error', 'description'];

const audienceHint = (
  <>
    Who its sign-in tokens are for, often the key — the <Code>aud</Code> claim.
  </>
);

/**
 * Create or update an app: every field of the catalog, checked against the contract before sending. The
 * labels say what a field does; the protocol's term for it is in the description.
 */
export function AppForm({ app, onSaveStart, onSaved, onCancel, onValuesChange, inPlace = false }: AppFormProps) {
  const form = useForm<AppFormValues>({
    initialValues: app ? formFromApp(app) : emptyAppForm,
    validate: validateAppForm,
    onValuesChange,
  });
  const refusal = useErrorSummary(LABELS);
  const create = useCreateApp();
  const update = useUpdateApp();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  // A key or audience another app holds is the field's problem: said under it, not in the alert.
  const saveError = failure && !conflictingField(failure) ? failure : null;
  const waitingForConnection = create.isPaused || update.isPaused;
  const isPortal = app?.key === PORTAL_APP_KEY;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Editing starts from the table (or a phone's card): bring the form into view and announce it.
  useEffect(() => {
    if (!app || inPlace || !titleRef.current) return;
    reveal(titleRef.current.closest('section'), 'start');
    titleRef.current.focus({ preventScroll: true });
  }, [app, inPlace]);

  const { setFieldValue } = form;
  const setIcon = useCallback((icon: string) => setFieldValue('icon', icon), [setFieldValue]);
  const text = (field: keyof AppFormValues) => form.getInputProps(field);
  const check = (field: 'allow_global_admin' | 'allow_delegated_swc_token' | 'skip_uid_whitelist' | 'require_passkey') =>
    form.getInputProps(field, { type: 'checkbox' });

  const submit = form.onSubmit((values, event) => {
    refusal.passed();
    if (saving) return;
    const input = toAppInput(values);
    create.reset();
    update.reset();
    onSaveStart();
    const refused = {
      onError: (error: unknown) => {
        const conflict = conflictingField(error);
        if (!conflict) return;
        form.setFieldError(conflict.field, conflict.message);
        const formElement = event?.target instanceof HTMLFormElement ? event.target : null;
        refusal.refusedByServer(formElement, { ...form.errors, [conflict.field]: conflict.message });
      },
    };
    if (app) update.mutate({ id: app.id, input }, { ...refused, onSuccess: () => onSaved(input.name, false) });
    else create.mutate(input, { ...refused, onSuccess: (created) => onSaved(input.name, true, created.client_secret) });
  }, refusal.refused);

  return (
    <Card component="section" aria-labelledby="app-form-title" style={clearOfHeader}>
      <form ref={formRef} onSubmit={submit} noValidate>
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
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.key}
                placeholder="fleet-ops"
                description={
                  isPortal
                    ? 'The portal app keeps the key "portal".'
                    : 'A short name for links and settings, also its OpenID Connect client ID: lowercase letters, digits, - and _'
                }
                withAsterisk
                readOnly={isPortal}
                autoComplete="off"
                {...text('key')}
              />
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.name}
                placeholder="Fleet Ops"
                description="Shown on the dashboard."
                withAsterisk
                {...text('name')}
              />
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.audience}
                placeholder="fleet-ops"
                description={isPortal ? 'The portal app keeps the audience "portal".' : audienceHint}
                withAsterisk
                readOnly={isPortal}
                autoComplete="off"
                {...text('audience')}
              />
            </SimpleGrid>
            <TextInput
              inputWrapperOrder={HINT_BELOW}
              label={LABELS.url}
              placeholder="https://fleet.example.com/"
              description="Where the dashboard card leads."
              {...text('url')}
            />
            <Textarea
              inputWrapperOrder={HINT_BELOW}
              label={LABELS.description}
              description="Shown under the name on the dashboard card."
              placeholder="What the app is for"
              rows={2}
              resize="vertical"
              {...text('description')}
            />
            <IconPicker value={form.values.icon} onChange={setIcon} error={form.errors.icon} />
          </Section>

          <Section title="Phase" description="The dashboard card shows the phase once it has a phase and a phase description.">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.phase}
                description="A stage such as Alpha or Beta, shown as a badge."
                placeholder="Beta"
                {...text('phase')}
              />
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.phaseDesc}
                description="One line under the badge."
                placeholder="Open to all members"
                {...text('phaseDesc')}
              />
              <PhaseColourField
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.phaseColor}
                description="Pick a colour, or type its name or a hex colour such as #1e90ff; blue when empty."
                {...text('phaseColor')}
                value={form.values.phaseColor}
              />
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.progress}
                placeholder="0"
                description="How far along: a whole number from 0 to 100; 0 when empty."
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
              inputWrapperOrder={HINT_BELOW}
              label={LABELS.redirect_urls}
              placeholder="https://fleet.example.com/callback https://fleet.example.com/silent"
              description="Where sign-in may send players back to (the redirect URLs): the app's callback, or behind an ingress its address ending in /. Separate them with spaces or new lines."
              resize="vertical"
              rows={2}
              {...text('redirect_urls')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.frontchannel_logout_url}
                description="Opened in the player's browser when they sign out of the portal — the front-channel logout URL."
                placeholder="https://fleet.example.com/logout"
                {...text('frontchannel_logout_url')}
              />
              <TextInput
                inputWrapperOrder={HINT_BELOW}
                label={LABELS.backchannel_logout_url}
                description="The portal tells the app here, server to server, that a player signed out — the back-channel logout URL."
                placeholder="https://fleet.example.com/backchannel-logout"
                {...text('backchannel_logout_url')}
              />
            </SimpleGrid>
            {!isPortal && (
              <GrantTypesField
                value={form.values.grant_types}
                onChange={(grants) => form.setFieldValue('grant_types', grants)}
                error={form.errors.grant_types}
                machineScopes={form.values.machine_scopes}
                onMachineScopesChange={(scopes) => form.setFieldValue('machine_scopes', scopes)}
                machineScopesError={form.errors.machine_scopes}
              />
            )}
            {!app && form.values.grant_types.includes('client_credentials') && (
              <Text size="sm" c="dimmed">
                A machine client signs in with its client secret: the portal makes one with the app and shows it once, after Create app.
              </Text>
            )}
          </Section>

          <Section title="Access">
            <Stack gap="sm">
              <Checkbox
                label="Allow global admins"
                description="Portal admins may sign in without a grant and hold the admin role in the app."
                {...check('allow_global_admin')}
              />
              <Checkbox
                label="Act on SWCombine for the player"
                description="The app may use the player's SWCombine automation token — a delegated SWC token. It asks with its client secret (OpenID Connect → New client secret)."
                {...check('allow_delegated_swc_token')}
              />
              <Checkbox
                label="Bypass UID whitelist"
                description="Every player may sign in; no access grant is needed."
                {...check('skip_uid_whitelist')}
              />
              {!isPortal && (
                <Checkbox
                  label="Require a passkey"
                  description="Players must have used a passkey in their session. Those who have not are asked to confirm it's them with one, then go on to the app."
                  {...check('require_passkey')}
                />
              )}
            </Stack>
          </Section>

          {saveError && (
            <ErrorAlert
              focusOnShow
              title="Save failed"
              error={saveError}
              // No answer at all: the fields are as typed, so sending them again is one press.
              onRetry={isNoAnswer(saveError) ? () => formRef.current?.requestSubmit() : undefined}
            />
          )}
          <OfflineNotice paused={waitingForConnection} />
          <FormErrorSummary {...refusal.summary(form.errors)} />

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
