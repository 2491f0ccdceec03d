import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { dateTimePickerProps } from './date-time-picker-props.ts';

/** The picker's local 'YYYY-MM-DD HH:mm:ss' (the browser's time zone) → the instant the API takes; empty: none. */
export function untilInstant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local.replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** Is the local date and time given in the past (or now)? Empty is fine: no end date. */
export function untilProblem(local: string, now = new Date()): string | null {
  const instant = untilInstant(local);
  if (local && !instant) return 'Give a date and time, or leave it empty';
  if (instant && new Date(instant).getTime() <= now.getTime()) return 'The end date must lie ahead';
  return null;
}

interface UntilFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: string;
  /** The form's name for the field, where its error summary takes the focus. */
  'data-path'?: string;
}

const LABEL = 'End date (optional)';

/** The browser's local date, 'YYYY-MM-DD', as the calendar names its days. */
function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * An optional end date for the memberships a form gives, in the browser's time zone, with the console's calendar and
 * time picker. Days before today are not offered; a time today that has passed is refused by the form's check.
 * (A lower bound on the picker itself would also bound the hours as they are typed: '1' of '15' would jump to the
 * current hour.)
 */
export function UntilField({ value, onChange, error, description, 'data-path': dataPath }: UntilFieldProps) {
  const id = useId();
  const [today] = useState(() => localDay(new Date()));
  // On a phone the calendar opened above the field and covered the dialog it sits in: it opens as a dialog of its own.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <DateTimePicker
      {...dateTimePickerProps('end date', `until-${id}`)}
      dropdownType={phone ? 'modal' : 'popover'}
      modalProps={{ title: 'End date', centered: true }}
      label={LABEL}
      description={description ?? 'The membership ends then, by itself. Leave empty to keep it until someone removes it.'}
      placeholder="No end date"
      excludeDate={(day) => day.slice(0, 10) < today}
      value={value || null}
      onChange={(picked) => onChange(picked ?? '')}
      error={error}
      data-path={dataPath}
      maw={320}
    />
  );
}
