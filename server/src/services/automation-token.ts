import type { Deps } from '../deps.ts';
import { setAutomationToken } from '../queries/users.ts';
import { audit, type RequestMeta } from './audit.ts';
import type { Identity } from './identity.ts';

export async function setAutomationTokenSwitch(deps: Deps, identity: Identity, enabled: boolean, meta: RequestMeta) {
  await setAutomationToken(deps.db, identity.user.id, enabled);
  await audit(deps.db, meta, {
    event: enabled ? 'automation_token_enabled' : 'automation_token_disabled',
    userId: identity.user.id,
    actorId: identity.user.id,
    appKey: 'portal',
    at: deps.clock.now(),
  });
  return { enabled };
}
