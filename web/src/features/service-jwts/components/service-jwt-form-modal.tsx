import { emptyServiceJwtForm, serviceJwtBody, serviceJwtForm, type ServiceJwtConfig, type ServiceJwtForm } from '@portal/contract';
import { Button, Checkbox, Code, Fieldset, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { useCreateServiceJwt } from '../api/create-service-jwt.ts';
import { useUpdateServiceJwt } from '../api/update-service-jwt.ts';
import { formToSend, validateServiceJwtForm } from './service-jwt-form-values.ts';

interface ServiceJwtFormModalProps {
  opened: boolean;
  /** The row being edited, or null to add a new configuration. */
  editing: ServiceJwtConfig | null;
  /** Changes on every opening, so the form starts over from `editing` (or empty) each time. */
  session: number;
  onClose: () => void;
  /** Saved: the modal is to close and the screen to say so. */
  onSaved: (serviceName: string, created: boolean) => void;
}

type TextField = Exclude<keyof ServiceJwtForm, 'rotationEnabled'>;

interface FieldSpec {
  field: TextField;
  label: string;
  required?: boolean;
  placeholder: string;
  description?: string;
  numeric?: boolean;
}

const IDENTITY: FieldSpec[] = [
  {
    field: 'serviceName',
    label: 'Service Name',
    required: true,
    placeholder: 'e.g. billing',
    description: 'The service that uses the token: names this configuration in the list and the audit log.',
  },
  {
    field: 'audience',
    label: 'Audience',
    required: true,
    placeholder: 'e.g. billing-api',
    description: 'The aud claim: what the token is for, which the receiving API checks.',
  },
  {
    field: 'subject',
    label: 'Subject',
    required: true,
    placeholder: 'e.g. service:billing',
    description: 'The sub claim: who the token says is calling.',
  },
  {
    field: 'authorizedParty',
    label: 'Authorized Party',
    placeholder: 'e.g. portal',
    description: 'The azp claim, only if the receiving API asks for one.',
  },
  {
    field: 'ttlMinutes',
    label: 'TTL (minutes)',
    placeholder: '55',
    description: 'How long each token is valid. Between 5 and 1440. Default: 55',
    numeric: true,
  },
];

const KUBERNETES: FieldSpec[] = [
  { field: 'k8sNamespace', label: 'K8s Namespace', required: true, placeholder: 'e.g. billing', description: 'Where the Secret is.' },
  {
    field: 'k8sSecretName',
    label: 'K8s Secret Name',
    required: true,
    placeholder: 'e.g. billing-jwt',
    description: 'Made if it is missing.',
  },
  {
    field: 'k8sSecretKey',
    label: 'K8s Secret Key',
    required: true,
    placeholder: 'e.g. token',
    description: 'The entry that holds the token; the others are kept.',
  },
];

/** Where the token goes, cluster or not (the portal picks its Secret writer at start). */
function WhereWritten() {
  return (
    <Text size="sm" c="dimmed">
      The portal writes each new token into this Kubernetes Secret, through the cluster&apos;s API when it runs in a cluster (or has a
      KUBECONFIG). Without a cluster it writes a file shaped like the Secret instead:{' '}
      <Code>kubernetes-secrets/&lt;namespace&gt;/&lt;secret name&gt;.json</Code> in its data folder (<Code>DATA_DIR</Code>).
    </Text>
  );
}

/** The add/edit modal: checked here with the contract's rules first, then the server's answer decides. */
export function ServiceJwtFormModal({ opened, editing, session, onClose, onSaved }: ServiceJwtFormModalProps) {
  const create = useCreateServiceJwt();
  const update = useUpdateServiceJwt();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const close = () => {
    if (saving) return;
    create.reset();
    update.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? 'Edit JWT Configuration' : 'Add JWT Configuration'}
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      closeButtonProps={{ disabled: saving }}
    >
      <FormBody
        key={session}
        editing={editing}
        saving={saving}
        error={saveError}
        onCancel={close}
        onSubmit={(form) => {
          create.reset();
          update.reset();
          const body = serviceJwtBody(formToSend(form));
          const done = { onSuccess: () => onSaved(body.service_name, !editing) };
          if (editing) update.mutate({ id: editing.id, body }, done);
          else create.mutate(body, done);
        }}
      />
    </Modal>
  );
}

interface FormBodyProps {
  editing: ServiceJwtConfig | null;
  saving: boolean;
  /** The last save's failure, if any. */
  error: unknown;
  onCancel: () => void;
  onSubmit: (form: ServiceJwtForm) => void;
}

/** Every field's label, in the order the form shows them. */
const LABELS: Record<string, string> = {
  ...Object.fromEntries([...IDENTITY, ...KUBERNETES].map(({ field, label }) => [field, label])),
  rotationIntervalHours: 'Rotation Interval (hours)',
};

function FormBody({ editing, saving, error, onCancel, onSubmit }: FormBodyProps) {
  const form = useForm<ServiceJwtForm>({
    initialValues: editing ? serviceJwtForm(editing) : emptyServiceJwtForm(),
    validate: validateServiceJwtForm,
  });
  const refusal = useErrorSummary(LABELS);

  const input = ({ field, label, required, placeholder, description, numeric }: FieldSpec) => (
    <TextInput
      key={field}
      // The modal opens on its first field, not on its close button.
      data-autofocus={field === 'serviceName' || undefined}
      label={label}
      withAsterisk={required}
      aria-required={required}
      placeholder={placeholder}
      description={description}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      disabled={saving}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        refusal.passed();
        onSubmit(values);
      }, refusal.refused)}
      noValidate
    >
      <Stack gap="md">
        {Boolean(error) && <ErrorAlert title="Save failed" error={error} focusOnShow />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {IDENTITY.map(input)}
        </SimpleGrid>
        <WhereWritten />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          {KUBERNETES.map(input)}
        </SimpleGrid>
        <Fieldset legend="Rotation Settings" variant="filled" disabled={saving}>
          <Stack gap="sm">
            <Checkbox label="Enable automatic rotation" {...form.getInputProps('rotationEnabled', { type: 'checkbox' })} />
            {form.values.rotationEnabled && (
              <TextInput
                label="Rotation Interval (hours)"
                description="Default: 24 hours (1 day)"
                placeholder="24"
                inputMode="numeric"
                autoComplete="off"
                maw={260}
                {...form.getInputProps('rotationIntervalHours')}
              />
            )}
          </Stack>
        </Fieldset>
        <FormErrorSummary {...refusal.summary(form.errors)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} leftSection={saving ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}>
            {editing ? (saving ? 'Updating...' : 'Update') : saving ? 'Creating...' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
