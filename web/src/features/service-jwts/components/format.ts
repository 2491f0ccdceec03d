/** A server timestamp in the viewer's local date-time, or 'Never' when there is none (SPEC.md §2). */
export function localDateTime(iso: string | null | undefined, empty = 'Never'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** 'Every N h' from the interval in minutes; a non-whole number of hours keeps up to two decimals. */
export function everyHours(minutes: number): string {
  return `Every ${Number((minutes / 60).toFixed(2))} h`;
}
