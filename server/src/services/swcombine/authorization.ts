import { PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import type { AttemptPurpose } from '../../domain/attempt-purpose.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { findAppByAudience } from '../../queries/apps.ts';
import { insertLoginAttempt, type AttemptPayload } from '../../queries/login-attempts.ts';

const ATTEMPT_TTL_MS = 10 * 60_000;

/** SWCombine knows one redirect URI; every flow comes back through it. */
export const callbackUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/auth/callback`;

/** The portal's own app, which trips that are not a sign-in to an app (consents, bindings) belong to. */
async function portalAppId(deps: Pick<Deps, 'db'>): Promise<string> {
  const portal = await findAppByAudience(deps.db, PORTAL_APP_KEY);
  if (!portal) throw new Error('the portal app is missing');
  return portal.id;
}

/**
 * Stores a one-time state for a trip to SWCombine's authorize page and returns the page's URL.
 * The route that starts the trip sets `state` in the STATE_COOKIE so only this browser can finish it.
 */
export async function startUpstreamAuthorization(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>,
  input: {
    purpose: AttemptPurpose;
    payload?: AttemptPayload;
    /** The app signed in to; the portal's own app when not given. */
    appId?: string;
    rd: string;
    scopes: string[];
    accessType: 'online' | 'offline';
    renewPreviouslyGranted?: boolean;
  },
): Promise<{ url: string; state: string }> {
  const now = deps.clock.now();
  const state = randomToken();
  await insertLoginAttempt(deps.db, {
    stateHash: sha256(state),
    purpose: input.purpose,
    payload: input.payload ?? {},
    appId: input.appId ?? (await portalAppId(deps)),
    rd: input.rd,
    now,
    expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
  });
  const url = deps.swc.authorizeUrl({
    state,
    redirectUri: callbackUrl(deps),
    scopes: input.scopes,
    accessType: input.accessType,
    renewPreviouslyGranted: input.renewPreviouslyGranted,
  });
  return { url, state };
}
