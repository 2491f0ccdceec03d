import { SWC_SIGN_IN_SCOPES } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { isCleanReturnAddress, registeredRedirect } from '../../domain/redirect-match.ts';
import { Refused } from '../../lib/errors.ts';
import { confirmPasskeyUrl, lacksRequiredPasskey } from '../../domain/app-passkey.ts';
import { findAppByAudience, type AppRow } from '../../queries/apps.ts';
import type { RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { startUpstreamAuthorization } from '../swcombine/authorization.ts';
import { decideOn } from '../decisions/decide.ts';

export const LOGIN_SCOPES: string[] = [...SWC_SIGN_IN_SCOPES];

/** The app and the normalised return address (`URL.href`): the only form stored or redirected to. */
export async function validateLoginTarget(deps: Pick<Deps, 'db'>, aud: string, rd: string): Promise<{ app: AppRow; rd: string }> {
  if (!isCleanReturnAddress(rd)) throw new Refused('invalid', 'The return address (rd) must not contain spaces or control characters.');
  const app = await findAppByAudience(deps.db, aud);
  if (!app) throw new Refused('invalid', `No app is registered with the audience "${aud}".`);
  const normalised = registeredRedirect(rd, app.redirect_urls);
  if (!normalised) {
    throw new Refused('invalid', `The return address "${rd}" is not one of the redirect URLs registered for ${app.name}.`);
  }
  return { app, rd: normalised };
}

/**
 * Starts a sign-in for an app. A player who already holds a session admitted to the app goes
 * straight back to `rd` (single sign-on) — through the passkey confirmation when the app requires one — unless `prompt=login` asks for a fresh sign-in; everyone else is sent to SWCombine with a one-time state.
 */
export async function startLogin(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>,
  input: { aud: string; rd: string; prompt?: 'login' | undefined; current: AuthContext | null; meta: RequestMeta },
): Promise<{ kind: 'redirect'; url: string } | { kind: 'upstream'; url: string; state: string }> {
  const { app, rd } = await validateLoginTarget(deps, input.aud, input.rd);
  if (input.current && input.prompt !== 'login') {
    const { decision } = await decideOn(deps, deps.db, { userId: input.current.user.id, isAdmin: input.current.isAdmin }, app);
    if (decision.allowed && lacksRequiredPasskey(app.require_passkey, input.current.session)) {
      const back = `/auth/login?aud=${encodeURIComponent(input.aud)}&rd=${encodeURIComponent(rd)}`;
      return { kind: 'redirect', url: confirmPasskeyUrl(deps.config.publicUrl, back) };
    }
    if (decision.allowed) return { kind: 'redirect', url: rd };
  }
  const { url, state } = await startUpstreamAuthorization(deps, {
    purpose: 'sign_in',
    appId: app.id,
    rd,
    scopes: LOGIN_SCOPES,
    // Offline: the portal refreshes the player's token for apps (token exchange). Earlier grants
    // are kept so signing in does not drop the SWC consents the player gave.
    accessType: 'offline',
    renewPreviouslyGranted: true,
  });
  return { kind: 'upstream', url, state };
}
