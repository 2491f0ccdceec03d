import { SyncScheduleInput, type SyncSchedule, type SyncTarget } from '@portal/contract';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { StatusBadge } from '@/components/status-badge.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { contractValidator } from '@/lib/form-validation.ts';
import { usePauseSyncSchedule, useRemoveSyncSchedule, useSetSyncSchedule } from '../api/sync-schedules.ts';

export const every = (hours: number) => (hours === 1 ? 'every hour' : `every ${hours} h`);

/**
 * What a row's schedule cell shows besides the schedule: the hours being typed (with what is wrong with
 * them), or the outcome of its last action. Kept by the table, so a phone turned sideways (cards become
 * rows) keeps an open editor and what was typed.
 */
interface ScheduleRowState {
  draft?: { hours: number | string; error: string | null };
  note?: { text: string; failed: boolean };
}

/** A new state, or how to make it from the current one (read when it applies, never stale). */
type RowStateChange = ScheduleRowState | ((current: ScheduleRowState) => ScheduleRowState);

/** The row states of the table's schedule cells, by target. */
export function useScheduleRows() {
  const [rows, setRows] = useState<Partial<Record<SyncTarget, ScheduleRowState>>>({});
  return {
    of: (target: SyncTarget): ScheduleRowState => rows[target] ?? {},
    set: (target: SyncTarget, state: RowStateChange) =>
      setRows((all) => ({ ...all, [target]: typeof state === 'function' ? state(all[target] ?? {}) : state })),
  };
}

// The very rule the server applies: a whole number of hours from 1 to 168, said at the field before sending.
const validate = contractValidator<{ everyHours: number | string }>(SyncScheduleInput, (values) => ({
  everyHours: values.everyHours === '' ? undefined : Number(values.everyHours),
}));
const problemOf = (hours: number | string) => (validate({ everyHours: hours }).everyHours as string | undefined) ?? null;

interface CellProps {
  target: SyncTarget;
  schedule: SyncSchedule | undefined;
  state: ScheduleRowState;
  onState: (state: RowStateChange) => void;
}

/** The row's schedule as a form: hours (1 to 168, never clamped: out of range is said, not changed), Save, Cancel, Remove. */
function ScheduleEditor({
  target,
  schedule,
  draft,
  onState,
}: Omit<CellProps, 'state'> & { draft: NonNullable<ScheduleRowState['draft']> }) {
  const set = useSetSyncSchedule();
  const remove = useRemoveSyncSchedule();
  const busy = set.isPending || remove.isPending;
  const refuse = (error: string) => onState({ draft: { ...draft, error } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(draft.hours);
    if (problem) return refuse(problem);
    if (busy) return;
    set.mutate(
      { target, everyHours: Number(draft.hours) },
      {
        onSuccess: (s) =>
          onState({ note: { text: `Saved: ${target} syncs ${every(s.everyHours)}${s.pausedAt ? ' once resumed' : ''}.`, failed: false } }),
        onError: (failure) => refuse(serverMessage(failure, 'The schedule could not be saved.')),
      },
    );
  };
  const onRemove = () =>
    remove.mutate(target, {
      onSuccess: () => onState({ note: { text: `${target} no longer syncs by itself.`, failed: false } }),
      onError: (failure) => refuse(serverMessage(failure, 'The schedule could not be removed.')),
    });

  return (
    <form onSubmit={submit} noValidate aria-label={`Schedule of ${target}`}>
      <Stack gap={6} maw={220}>
        <NumberInput
          label="Every (hours)"
          description="1 to 168"
          size="sm"
          hideControls
          clampBehavior="none"
          allowDecimal={false}
          min={1}
          max={168}
          autoFocus
          value={draft.hours}
          error={draft.error}
          onChange={(hours) => onState({ draft: { hours, error: null } })}
          onBlur={() =>
            onState((current) => (current.draft ? { draft: { ...current.draft, error: problemOf(current.draft.hours) } } : current))
          }
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={set.isPending} disabled={remove.isPending} aria-label={`Save the ${target} schedule`}>
            Save
          </Button>
          <Button variant="default" size="xs" disabled={busy} onClick={() => onState({})}>
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
export function ScheduleCell({ target, schedule, state, onState }: CellProps) {
  const pause = usePauseSyncSchedule();
  if (state.draft) return <ScheduleEditor target={target} schedule={schedule} draft={state.draft} onState={onState} />;

  const edit = () => onState({ draft: { hours: schedule?.everyHours ?? 24, error: null } });
  const togglePause = (s: SyncSchedule) => {
    onState({});
    const pausing = s.pausedAt === null;
    pause.mutate(
      { target, pause: pausing },
      {
        onError: (failure) =>
          onState({
            note: { text: serverMessage(failure, `The ${target} schedule could not be ${pausing ? 'paused' : 'resumed'}.`), failed: true },
          }),
      },
    );
  };
  const note = state.note && (
    <Text size="xs" c={state.note.failed ? 'red.4' : 'teal.4'} role={state.note.failed ? 'alert' : 'status'}>
      {state.note.text}
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
        {note}
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
      {note}
    </Stack>
  );
}
