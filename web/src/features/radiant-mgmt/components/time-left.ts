/** "about 2 h left", "about 25 min left", "under a minute left": how long until `at`, roughly. */
export function timeLeft(at: string, now: Date = new Date()): string {
  const minutes = (Date.parse(at) - now.getTime()) / 60_000;
  if (minutes < 1) return 'under a minute left';
  if (minutes < 60) return `about ${Math.round(minutes)} min left`;
  const hours = minutes / 60;
  if (hours < 48) return `about ${Math.round(hours)} h left`;
  return `about ${Math.round(hours / 24)} days left`;
}
