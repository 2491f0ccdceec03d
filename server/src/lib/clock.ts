export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Seconds since the epoch, as JWT and OAuth times are written. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
