import Provider, { type Configuration } from 'oidc-provider';
import { clientAuthenticatedByPortal } from './client-authenticated-by-portal.ts';
import { detectGrantReuse } from './grant-reuse.ts';
import { recordJwtAccessTokens, type RecordJwtAccessToken } from './jwt-access-token-records.ts';
import { offlineAccessWithoutConsentPrompt } from './offline-access-without-consent-prompt.ts';
import { persistOnlySavedSessions } from './persist-only-saved-sessions.ts';
import { sessionIsThePortalSession } from './portal-session.ts';
import { servedAtTheIssuer } from './public-url-host.ts';
import { scopeDecidedAtEveryToken, type ScopeGivenNow } from './scope-decided-at-every-token.ts';
import { sidIsThePortalSid } from './portal-sid.ts';
import { includeSidInEveryIdToken } from './sid-in-every-id-token.ts';

// The one room that touches `oidc-provider` (a lint rule keeps it so): what the rest of the portal
// uses of the library comes through here.
export type { Configuration, InteractionResults, JWK, KoaContextWithOIDC, ErrorOut, UnknownObject } from 'oidc-provider';
export { errors, interactionPolicy } from 'oidc-provider';
export type { Provider };
export { deviceFormSecret } from './device-form-secret.ts';
export { grantReused } from './grant-reuse.ts';
export { LIBRARY_BODY_LIMIT, withBody } from './replayed-body.ts';

/** The library as its authors ship it, no gap closed: the ceiling bench/oidc.ts measures the portal against. */
export const bareLibraryProvider = (issuer: string, configuration: Configuration): Provider => new Provider(issuer, configuration);

/** What closing the gaps needs of the portal. */
export interface GapHooks {
  recordJwtAccessToken: RecordJwtAccessToken;
  scopeGivenNow: ScopeGivenNow;
}

/**
 * The library as the portal runs it: every gap between what it does and what the portal needs is
 * closed here, on every provider built (each gap's file says what the library does and what the
 * portal does instead; docs/oidc.md lists them).
 */
export function createLibraryProvider(issuer: string, configuration: Configuration, hooks: GapHooks): Provider {
  const provider = new Provider(
    issuer,
    scopeDecidedAtEveryToken(recordJwtAccessTokens(configuration, hooks.recordJwtAccessToken), hooks.scopeGivenNow),
  );
  servedAtTheIssuer(provider);
  includeSidInEveryIdToken(provider);
  sessionIsThePortalSession(provider);
  sidIsThePortalSid(provider);
  persistOnlySavedSessions(provider);
  clientAuthenticatedByPortal(provider);
  offlineAccessWithoutConsentPrompt(provider);
  detectGrantReuse(provider);
  return provider;
}
