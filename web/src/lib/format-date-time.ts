let dateTime: Intl.DateTimeFormat | undefined;
// Made on first use: making one loads locale data (milliseconds), which would otherwise fall on the
// first paint of every signed-in screen, though most show no time.
const dateTimeFormat = () => (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/** A server timestamp in the viewer's local time, the one format of every screen; `empty` when there is none. */
export function formatDateTime(iso: string | null | undefined, empty = '-'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** A server message with every ISO timestamp in it shown like any other time on screen. */
export function formatTimesIn(message: string): string {
  return message.replace(ISO_TIMESTAMP, (iso) => formatDateTime(iso));
}

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
let relative: Intl.RelativeTimeFormat | undefined;
// English like the sentences it sits in ('secret created 3 minutes ago'); the exact time goes beside it in local format.
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** How long ago (or from now) a server timestamp is, in the largest whole unit: 'just now' under a minute. */
export function formatTimeAgo(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return unit ? relativeFormat().format(Math.trunc(seconds / unit[1]), unit[0]) : 'just now';
}
