interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export function newSessionExpiry(now: Date, policy: SessionPolicy): { idleExpiresAt: Date; expiresAt: Date } {
  return {
    idleExpiresAt: new Date(now.getTime() + policy.idleMinutes * 60_000),
    expiresAt: new Date(now.getTime() + policy.maxHours * 3_600_000),
  };
}

/** Extending idle expiry on every request would write on every request; once a minute is enough. */
export function shouldTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= 60_000;
}

export function isSessionLive(s: { idle_expires_at: Date; expires_at: Date; ended_at: Date | null }, now: Date): boolean {
  return s.ended_at === null && s.idle_expires_at > now && s.expires_at > now;
}
