const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A server timestamp as a local date-time; '-' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** '-' for a missing value in a table cell. */
export const orDash = (value: string | null | undefined): string => (value ? value : '-');
