/**
 * Until when a session may use the admin console under ADMIN_PASSKEY=required: `hours` after the
 * passkey was last used in it; null when none was.
 */
export function stepUpUntil(passkeyUsedAt: Date | null, hours: number): Date | null {
  return passkeyUsedAt ? new Date(passkeyUsedAt.getTime() + hours * 3_600_000) : null;
}

/** Does the session pass the admin console's passkey requirement now? */
export function passesAdminStepUp(policy: { required: boolean; stepUpHours: number }, passkeyUsedAt: Date | null, now: Date): boolean {
  if (!policy.required) return true;
  const until = stepUpUntil(passkeyUsedAt, policy.stepUpHours);
  return until !== null && until > now;
}
