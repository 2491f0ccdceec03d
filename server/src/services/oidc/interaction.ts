import { AuditEvent } from '@portal/contract';
import { sessionAcr, sessionAmr } from '../../domain/session-amr.ts';
import type { InteractionResults } from './library-gaps/index.ts';
import type { Deps } from '../../deps.ts';
import { epochSeconds } from '../../lib/clock.ts';
import { findOidcClientApp } from './queries/clients.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { LOGIN_SCOPES } from '../sign-in/start.ts';
import { startUpstreamAuthorization } from '../swcombine/authorization.ts';
import { INTERACTION_PATH, interactionUrl } from './paths.ts';
import { confirmPasskeyUrl, lacksRequiredPasskey, passkeyWanted } from '../../domain/app-passkey.ts';
import { loadOidcPlayer } from './player.ts';

/** What the library tells us of an interaction it handed over. */
export interface InteractionInput {
  uid: string;
  clientId: string;
  reasons: string[];
  /** The request's acr_values (acr_values=passkey asks for a passkey for this sign-in). */
  acrValues?: unknown;
  /** Set once this interaction sent the player to sign in: the portal session they had then (null: none). */
  signInFrom: string | null | undefined;
}

export type InteractionOutcome =
  | { kind: 'sign-in'; url: string; state: string; handOff: SignInHandOff }
  | { kind: 'confirm-passkey'; url: string }
  | { kind: 'finish'; result: InteractionResults };

// Asked for a sign-in newer than the session in hand: prompt=login, max_age, a login_hint naming another player.
const FRESH_SIGN_IN = new Set(['login_prompt', 'max_age', 'login_hint', 'id_token_hint']);

/** What the interaction keeps while the player signs in at SWCombine. */
export type SignInHandOff = { portal: { signInFrom: string | null } } & InteractionResults;

/** The SWCombine sign-in, back to `rd` (a page of the portal's own) with a new portal session. */
export function signInFirst(deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>, rd: string) {
  return startUpstreamAuthorization(deps, {
    purpose: 'sign_in',
    rd,
    scopes: LOGIN_SCOPES,
    accessType: 'offline',
    renewPreviouslyGranted: true,
  });
}

/**
 * The authorization endpoint needs the player: without a portal session (or when the app asked
 * for a fresh sign-in) SWCombine's sign-in runs first and comes back here; then the one access
 * rule decides between a code and access_denied; an app that requires a passkey first sends the player to
 * confirm one in this session.
 */
export async function settleInteraction(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>,
  input: InteractionInput & { auth: AuthContext | null; meta: RequestMeta },
): Promise<InteractionOutcome> {
  const { auth } = input;
  const wantsFresh = input.reasons.some((r) => FRESH_SIGN_IN.has(r));
  // A fresh sign-in is one that made a new portal session since this interaction sent the player off.
  const signedInSince = input.signInFrom !== undefined && auth !== null && auth.session.sid !== input.signInFrom;
  if (!auth || (wantsFresh && !signedInSince)) {
    const { url, state } = await signInFirst(deps, interactionUrl(deps.config.publicUrl, input.uid));
    return { kind: 'sign-in', url, state, handOff: { portal: { signInFrom: auth?.session.sid ?? null } } };
  }
  const app = await findOidcClientApp(deps.db, input.clientId);
  const player = app ? await loadOidcPlayer(deps, auth.user.uid, app) : null;
  if (!app || !player?.decision.allowed) {
    const reason = player && !player.decision.allowed ? player.decision.reason : 'The app is no longer registered.';
    await audit(deps.db, input.meta, {
      event: AuditEvent.OidcRefused,
      userId: auth.user.id,
      appKey: app?.key ?? null,
      at: deps.clock.now(),
      details: { client_id: input.clientId, reason },
    });
    return { kind: 'finish', result: { error: 'access_denied', error_description: reason } };
  }
  // The app requires a passkey (or the request asked for one): the player confirms one in this session, then comes back to this interaction.
  if (lacksRequiredPasskey(passkeyWanted(app, input.acrValues), auth.session)) {
    return { kind: 'confirm-passkey', url: confirmPasskeyUrl(deps.config.publicUrl, `${INTERACTION_PATH}/${input.uid}`) };
  }
  return {
    kind: 'finish',
    result: {
      login: {
        accountId: auth.user.uid,
        ts: epochSeconds(auth.session.created_at),
        amr: sessionAmr(auth.session),
        acr: sessionAcr(auth.session),
      },
      consent: {},
    },
  };
}
