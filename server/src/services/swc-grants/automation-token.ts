import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { setAutomationToken } from '../../queries/users.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { Identity } from '../sessions/identity.ts';

export async function setAutomationTokenSwitch(deps: Pick<Deps, 'db' | 'clock'>, identity: Identity, enabled: boolean, meta: RequestMeta) {
  await setAutomationToken(deps.db, identity.user.id, enabled);
  await audit(deps.db, meta, {
    event: enabled ? AuditEvent.AutomationTokenEnabled : AuditEvent.AutomationTokenDisabled,
    userId: identity.user.id,
    appKey: PORTAL_APP_KEY,
    at: deps.clock.now(),
  });
  return { enabled };
}
