import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** The browser's local 'YYYY-MM-DDTHH:mm' of a datetime-local field → the instant the API takes; empty: none. */
export function untilInstant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
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
}

/** An optional end date for the memberships a form gives, in the browser's time zone. */
export function UntilField({ value, onChange, error, description }: UntilFieldProps) {
  return (
    <TextInput
      type="datetime-local"
      label="End date (optional)"
      description={description ?? 'The membership ends then, by itself. Leave empty to keep it until someone removes it.'}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maw={320}
    />
  );
}
