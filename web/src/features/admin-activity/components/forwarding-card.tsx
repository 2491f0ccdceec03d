import type { ForwardingState } from '@portal/contract';
import { Button, DataList, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { DataField } from '@/components/data-field.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useForwarding, useRemoveForwarding, useSetForwarding } from '../api/forwarding.ts';

const count = new Intl.NumberFormat();
const LABELS = { url: 'Webhook URL', secret: 'Secret' } as const;

function DeliveryState({ state }: { state: ForwardingState }) {
  return (
    <DataList labelWidth={140} size="sm">
      <DataField label="Webhook">{state.url}</DataField>
      <DataField label="Last delivered">
        {state.delivered_at ? `event ${state.delivered_id} at ${formatDateTime(state.delivered_at)}` : 'nothing yet'}
      </DataField>
      <DataField label="Waiting">{state.backlog >= 10_000 ? '10,000 or more events' : `${count.format(state.backlog)} events`}</DataField>
      <DataField label="Failures">
        {state.failures === 0 ? (
          'none since the last delivery'
        ) : (
          <Text size="sm" c="red.4">
            {state.failures} in a row; last at {formatDateTime(state.last_failed_at!)}: {state.last_error}
          </Text>
        )}
      </DataField>
    </DataList>
  );
}

/** The webhook every new event is sent to (signed), and how its deliveries stand. */
export function ForwardingCard() {
  const forwarding = useForwarding();
  const save = useSetForwarding();
  const remove = useRemoveForwarding();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initialValues: { url: '', secret: '' },
    validate: {
      url: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter the http:// or https:// address of the receiver'),
      secret: (v) => (v.trim().length >= 16 ? null : 'The secret must be at least 16 characters'),
    },
  });
  const refusal = useErrorSummary(LABELS);
  const state = forwarding.data;
  const submit = form.onSubmit((values) => {
    refusal.passed();
    feedback.clear();
    save.mutate(values, {
      onSuccess: () => {
        form.setFieldValue('secret', '');
        feedback.succeed('Forwarding is set: every new event goes to the webhook, signed with the secret.');
      },
      onError: (error) => feedback.fail('Could not set forwarding.', error),
    });
  }, refusal.refused);
  return (
    <SectionCard
      title="Forwarding"
      description="Send every new event as JSON to a webhook (your SIEM), signed with HMAC-SHA256 in the X-Portal-Signature header (t=…,v1=…)."
    >
      {forwarding.isError && (
        <ErrorAlert title="Failed to load forwarding." error={forwarding.error} onRetry={() => void forwarding.refetch()} />
      )}
      {state?.configured && <DeliveryState state={state} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={LABELS.url} placeholder="https://siem.example.com/hooks/portal" required {...form.getInputProps('url')} />
          <PasswordInput
            label={LABELS.secret}
            description="Shared with the receiver to check signatures; stored encrypted and never shown again."
            required
            autoComplete="new-password"
            {...form.getInputProps('secret')}
          />
          <FormErrorSummary {...refusal.summary(form.errors)} />
          <ActionFeedback feedback={feedback.feedback} onClose={feedback.clear} />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {state?.configured ? 'Replace webhook' : 'Set webhook'}
            </Button>
            {state?.configured && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Stop forwarding
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title="Stop forwarding?"
        confirmLabel="Stop forwarding"
        busyLabel="Stopping..."
        busy={remove.isPending}
        color="red"
        error={remove.error ? serverMessage(remove.error, 'Could not stop forwarding.') : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              feedback.succeed('Forwarding stopped: no more events are sent.');
            },
          })
        }
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">Events written from now on are no longer sent to {state?.url}. They stay on this screen.</Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
