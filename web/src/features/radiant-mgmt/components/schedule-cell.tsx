import { SyncScheduleInput, type SyncSchedule, type SyncTarget } from '@portal/contract';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge } from '@/components/status-badge.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { contractValidator } from '@/lib/form-validation.ts';
import { usePauseSyncSchedule, useRemoveSyncSchedule, useSetSyncSchedule } from '../api/sync-schedules.ts';

export const every = (hours: number) => (hours === 1 ? 'every hour' : `every ${hours} h`);

interface HoursValues {
  everyHours: number | string;
}

// The very rule the server applies: a whole number of hours from 1 to 168, said at the field before sending.
const validate = contractValidator<HoursValues>(SyncScheduleInput, (values) => ({
  everyHours: values.everyHours === '' ? undefined : Number(values.everyHours),
}));

interface EditorProps {
  target: SyncTarget;
  schedule: SyncSchedule | undefined;
  onDone: (note: string | null) => void;
}

/** The row's schedule as a form: hours (1 to 168, never clamped: out of range is said, not changed), Save, Cancel, Remove. */
function ScheduleEditor({ target, schedule, onDone }: EditorProps) {
  const set = useSetSyncSchedule();
  const remove = useRemoveSyncSchedule();
  const form = useForm<HoursValues>({
    initialValues: { everyHours: schedule?.everyHours ?? 24 },
    validate,
    validateInputOnBlur: true,
  });
  const busy = set.isPending || remove.isPending;
  const submit = form.onSubmit((values) => {
    if (busy) return;
    set.mutate(
      { target, everyHours: Number(values.everyHours) },
      {
        onSuccess: (s) => onDone(`Saved: ${target} syncs ${every(s.everyHours)}${s.pausedAt ? ' once resumed' : ''}.`),
        onError: (failure) => form.setFieldError('everyHours', serverMessage(failure, 'The schedule could not be saved.')),
      },
    );
  });
  const onRemove = () =>
    remove.mutate(target, {
      onSuccess: () => onDone(`${target} no longer syncs by itself.`),
      onError: (failure) => form.setFieldError('everyHours', serverMessage(failure, 'The schedule could not be removed.')),
    });

  return (
    <form onSubmit={submit} noValidate aria-label={`Schedule of ${target}`}>
      <Stack gap={6} maw={220}>
        <NumberInput
          label="Every (hours)"
          description="A whole number from 1 to 168"
          size="sm"
          hideControls
          clampBehavior="none"
          allowDecimal={false}
          min={1}
          max={168}
          autoFocus
          {...form.getInputProps('everyHours')}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={set.isPending} disabled={remove.isPending} aria-label={`Save the ${target} schedule`}>
            Save
          </Button>
          <Button variant="default" size="xs" disabled={busy} onClick={() => onDone(null)}>
            Cancel
          </Button>
          {schedule && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={remove.isPending}
              disabled={set.isPending}
              onClick={onRemove}
              aria-label={`Remove the ${target} schedule`}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Schedule cell of a target's row: how often it syncs by itself and when next (or paused, or off), with
 * Edit (the hours, in the row) and Pause / Resume, each its own action.
 */
export function ScheduleCell({ target, schedule }: { target: SyncTarget; schedule: SyncSchedule | undefined }) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const pause = usePauseSyncSchedule();

  if (editing) {
    return (
      <ScheduleEditor
        target={target}
        schedule={schedule}
        onDone={(text) => {
          setEditing(false);
          setNote(text ? { text, failed: false } : null);
        }}
      />
    );
  }
  const edit = () => {
    setNote(null);
    setEditing(true);
  };
  const togglePause = (s: SyncSchedule) => {
    setNote(null);
    const pausing = s.pausedAt === null;
    pause.mutate(
      { target, pause: pausing },
      {
        onError: (failure) =>
          setNote({ text: serverMessage(failure, `The ${target} schedule could not be ${pausing ? 'paused' : 'resumed'}.`), failed: true }),
      },
    );
  };
  const noteLine = note && (
    <Text size="xs" c={note.failed ? 'red.4' : 'teal.4'} role={note.failed ? 'alert' : 'status'}>
      {note.text}
    </Text>
  );

  if (!schedule) {
    return (
      <Stack gap={4} align="flex-start">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Off
          </Text>
          <Button variant="default" size="xs" onClick={edit} aria-label={`Schedule ${target}`}>
            Schedule
          </Button>
        </Group>
        {noteLine}
      </Stack>
    );
  }
  const paused = schedule.pausedAt !== null;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6}>
        <Text size="sm">{every(schedule.everyHours)}</Text>
        {paused && <StatusBadge color="gray">paused</StatusBadge>}
      </Group>
      <Text size="xs" c="dimmed">
        {paused ? 'No run is queued until resumed' : `next ${formatDateTime(schedule.nextRunAt)}`}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={edit} aria-label={`Edit the ${target} schedule`}>
          Edit
        </Button>
        <Button
          variant="light"
          size="xs"
          loading={pause.isPending}
          leftSection={paused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />}
          onClick={() => togglePause(schedule)}
          aria-label={`${paused ? 'Resume' : 'Pause'} the ${target} schedule`}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
      </Group>
      {noteLine}
    </Stack>
  );
}
