/** "in about 12 minutes", "in about 2 hours", "in less than a minute": how long until `at`. */
export function untilPhrase(at: Date, now: Date): string {
  const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return 'in less than a minute';
  if (minutes < 60) return `in about ${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} hour${hours === 1 ? '' : 's'}`;
  return rest === 0 ? `in about ${hourText}` : `in about ${hourText} ${rest} minute${rest === 1 ? '' : 's'}`;
}

/** `14:05 UTC` */
export const utcClock = (at: Date): string => `${at.toISOString().slice(11, 16)} UTC`;
