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
