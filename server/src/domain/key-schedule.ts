/**
 * When signing keys are made, used and dropped. A successor is created `publishLeadMs` before its
 * predecessor retires, so every verifier that refreshes its JWKS that often sees it before it signs;
 * a retired key stays published for longer than the longest token it can have signed.
 */
export interface KeyPolicy {
  signingPeriodMs: number;
  publishLeadMs: number;
  maxTokenLifetimeMs: number;
}

export const DEFAULT_KEY_POLICY: KeyPolicy = {
  signingPeriodMs: 30 * 24 * 3_600_000,
  publishLeadMs: 24 * 3_600_000,
  maxTokenLifetimeMs: 24 * 3_600_000,
};

interface KeyTimes {
  created_at: Date;
  activates_at: Date;
  retires_at: Date;
  expires_at: Date;
}

/** The times of a new key: `activatesAt` is now for the very first key, else the predecessor's retirement. */
export function scheduleKey(now: Date, activatesAt: Date, policy: KeyPolicy): KeyTimes {
  const retires = new Date(activatesAt.getTime() + policy.signingPeriodMs);
  return {
    created_at: now,
    activates_at: activatesAt,
    retires_at: retires,
    expires_at: new Date(retires.getTime() + policy.maxTokenLifetimeMs + 3_600_000),
  };
}

/** Is a successor due? (Nothing newer exists and the newest key retires within the lead time.) */
export function needsSuccessor(newest: Pick<KeyTimes, 'retires_at'> | null, now: Date, policy: KeyPolicy): boolean {
  return !newest || newest.retires_at.getTime() - now.getTime() <= policy.publishLeadMs;
}

export function isSigning(k: Pick<KeyTimes, 'activates_at' | 'retires_at'>, now: Date): boolean {
  return k.activates_at <= now && now < k.retires_at;
}

export function isPublished(k: Pick<KeyTimes, 'created_at' | 'expires_at'>, now: Date): boolean {
  return k.created_at <= now && now < k.expires_at;
}
