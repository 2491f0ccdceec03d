/** "about 2 h", "about 25 min", "under a minute": a span of time, roughly. */
export function roughly(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `about ${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `about ${Math.round(hours)} h`;
  return `about ${Math.round(hours / 24)} days`;
}

/** "about 2 h left", "about 25 min left", "under a minute left": how long until `at`, roughly. */
export function timeLeft(at: string, now: Date = new Date()): string {
  return `${roughly(Date.parse(at) - now.getTime())} left`;
}
