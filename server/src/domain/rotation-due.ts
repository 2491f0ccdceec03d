/**
 * When the sweep rotates a service JWT: rotation enabled, not backing off, and either never
 * rotated, its interval passed, or its token is about to expire (so a Secret never holds an
 * expired token while rotation is on). The margin is 20 % of the TTL, at least two sweeps.
 */
interface RotationState {
  rotation_enabled: boolean;
  rotation_interval_minutes: number;
  ttl_minutes: number;
  last_rotated_at: Date | null;
  token_expires_at: Date | null;
  next_attempt_at: Date | null;
}

export function expiryMarginMs(ttlMinutes: number): number {
  return Math.max(2 * 60_000, ttlMinutes * 60_000 * 0.2);
}

export function isRotationDue(c: RotationState, now: Date): boolean {
  if (!c.rotation_enabled) return false;
  if (c.next_attempt_at && c.next_attempt_at > now) return false;
  if (!c.last_rotated_at) return true;
  if (c.last_rotated_at.getTime() + c.rotation_interval_minutes * 60_000 <= now.getTime()) return true;
  return c.token_expires_at !== null && c.token_expires_at.getTime() - expiryMarginMs(c.ttl_minutes) <= now.getTime();
}

/** Backoff after consecutive failures: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(60, 2 ** Math.max(0, failureCount)) * 60_000;
}
