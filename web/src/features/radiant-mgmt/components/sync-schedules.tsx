import { SYNC_TARGETS, SyncScheduleInput, type SyncSchedule, type SyncTarget } from '@portal/contract';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarTime, IconTrash } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { contractValidator } from '@/lib/form-validation.ts';
import { useRemoveSyncSchedule, useSetSyncSchedule, useSyncSchedules } from '../api/sync-schedules.ts';

interface ScheduleValues {
  target: string;
  everyHours: number | string;
}

const validate = contractValidator<ScheduleValues>(
  SyncScheduleInput,
  (values) => ({ everyHours: values.everyHours === '' ? undefined : Number(values.everyHours) }),
  (field) => field,
);

const every = (hours: number) => (hours === 1 ? 'every hour' : `every ${hours} h`);

/**
 * Targets synced by themselves: a run every N hours, queued like a triggered one and shown in Recent
 * Jobs as "by schedule". Setting a target's schedule again replaces it.
 */
export function SyncSchedules() {
  const schedules = useSyncSchedules();
  const set = useSetSyncSchedule();
  const remove = useRemoveSyncSchedule();
  const outcome = useFeedback();
  const form = useForm<ScheduleValues>({
    initialValues: { target: 'all', everyHours: 24 },
    validate: (values) => ({ ...validate(values), ...(values.target ? {} : { target: 'Choose a target' }) }),
  });

  const submit = form.onSubmit(
    (values) => {
      if (set.isPending) return;
      outcome.clear();
      const target = values.target as SyncTarget;
      set.mutate(
        { target, everyHours: Number(values.everyHours) },
        {
          onSuccess: (s) => outcome.succeed(`${s.target} syncs ${every(s.everyHours)}; next run ${formatDateTime(s.nextRunAt)}.`),
          onError: (failure) => form.setFieldError('everyHours', serverMessage(failure, 'The schedule could not be saved.')),
        },
      );
    },
    () => outcome.clear(),
  );

  const onRemove = (s: SyncSchedule) => {
    outcome.clear();
    remove.mutate(s.target, {
      onSuccess: () => outcome.succeed(`${s.target} no longer syncs by itself.`),
      onError: (failure) => outcome.fail(`The ${s.target} schedule could not be removed`, failure),
    });
  };

  const columns: readonly Column<SyncSchedule>[] = [
    {
      label: 'Target',
      card: 'title',
      nowrap: true,
      cell: (s) => (
        <Text fw={600} size="sm">
          {s.target}
        </Text>
      ),
    },
    { label: 'Runs', nowrap: true, cell: (s) => <Text size="sm">{every(s.everyHours)}</Text> },
    {
      label: 'Next run',
      nowrap: true,
      cell: (s) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(s.nextRunAt)}
        </Text>
      ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      card: 'actions',
      align: 'right',
      cell: (s) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={remove.isPending && remove.variables === s.target}
          onClick={() => onRemove(s)}
          aria-label={`Remove the ${s.target} schedule`}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <SectionCard
      title="Schedules"
      description="Keep data fresh by itself: each scheduled target is synced every so many hours, on one replica only."
      padding="lg"
    >
      <Stack gap="md">
        <form onSubmit={submit} noValidate aria-label="Schedule a sync">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Select
              label="Target"
              data={[...SYNC_TARGETS]}
              allowDeselect={false}
              withAsterisk
              style={{ flex: '1 1 160px' }}
              {...form.getInputProps('target')}
            />
            <NumberInput
              label="Every (hours)"
              min={1}
              max={168}
              step={1}
              allowDecimal={false}
              withAsterisk
              style={{ flex: '1 1 120px' }}
              {...form.getInputProps('everyHours')}
            />
            <Button type="submit" loading={set.isPending} leftSection={<IconCalendarTime size={16} aria-hidden />} mt={25}>
              Save schedule
            </Button>
          </Group>
        </form>
        <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
        <QueryList
          query={schedules}
          columns={columns}
          rowKey={(s) => s.target}
          label="Sync schedules"
          errorTitle="Failed to load the schedules"
          empty="No target syncs by itself yet"
          emptyIcon={<IconCalendarTime size={28} aria-hidden />}
          cardLabel={(s) => `${s.target} schedule`}
          minWidth={420}
        />
      </Stack>
    </SectionCard>
  );
}
