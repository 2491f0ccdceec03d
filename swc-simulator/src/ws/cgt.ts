/** Combine Galactic Time: years of 365 days counted from the game's start (Year 0, Day 1). */
const CGT_EPOCH_MS = Date.UTC(1998, 11, 3, 7, 0, 0);

export interface CgtTime {
  years: number;
  days: number;
  hours: number;
  mins: number;
  secs: number;
  /** Epoch seconds. */
  timestamp: number;
}

export function toCgt(ms: number): CgtTime {
  const elapsed = Math.max(0, Math.floor((ms - CGT_EPOCH_MS) / 1000));
  const year = 365 * 86400;
  const inYear = elapsed % year;
  return {
    years: Math.floor(elapsed / year),
    days: Math.floor(inYear / 86400) + 1,
    hours: Math.floor((inYear % 86400) / 3600),
    mins: Math.floor((inYear % 3600) / 60),
    secs: inYear % 60,
    timestamp: Math.floor(ms / 1000),
  };
}
