import type { AdminConsoleStepUp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { passesAdminStepUp, stepUpUntil } from '../../domain/admin-step-up.ts';
import { listPasskeys } from '../../queries/passkeys.ts';
import type { AuthContext } from '../sessions/session.ts';

/** What the admin console asks of this session (the same rule the admin folder's guard applies). */
export async function adminConsoleStepUp(deps: Pick<Deps, 'db' | 'clock' | 'config'>, auth: AuthContext): Promise<AdminConsoleStepUp> {
  const policy = deps.config.adminPasskey;
  const usedAt = auth.session.passkey_used_at;
  const passes = passesAdminStepUp(policy, usedAt, deps.clock.now());
  const passkeys = await listPasskeys(deps.db, auth.user.id);
  return {
    passkey_required: policy.required,
    confirmed_until: passes && policy.required ? stepUpUntil(usedAt, policy.stepUpHours)!.toISOString() : null,
    has_passkey: passkeys.length > 0,
  };
}
