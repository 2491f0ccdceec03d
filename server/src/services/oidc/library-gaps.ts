import { timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import { epochSeconds } from '../../lib/clock.ts';
import { sha256 } from '../../lib/tokens.ts';
import { currentOidcRequest } from './request-context.ts';

/**
 * Where the protocol library's defaults do not fit the portal, changed in one place:
 * - `sid` goes into every id_token (the library adds it only for clients registered for
 *   back-channel logout): the portal's sign-out names it to every app.
 * - a client secret is stored as its SHA-256, so the one presented is hashed before comparing.
 * - the library's session is the portal session, read again on every request: whoever the portal
 *   session names is signed in (at the time they signed in to the portal), and nobody without one.
 * The other gaps are closed where the request enters (offline_access without prompt=consent, see
 * provider.ts) and by the portal's own logout (back- and front-channel, to any address an admin
 * registered).
 */
export function closeLibraryGaps(provider: Provider): void {
  const client = provider.Client.prototype as unknown as {
    includeSid(): boolean;
    compareClientSecret(this: { clientSecret?: string }, actual: string): Promise<boolean>;
  };
  client.includeSid = () => true;

  const { Session } = provider;
  const load = Session.get.bind(Session);
  Session.get = async function portalSession(ctx) {
    const session = await load(ctx);
    const auth = await currentOidcRequest().auth();
    if (!auth) {
      if (session.accountId) Object.assign(session, { accountId: undefined, loginTs: undefined, authorizations: {} });
      return session;
    }
    const loginTs = epochSeconds(auth.session.created_at);
    if (session.accountId !== auth.user.uid || session.loginTs !== loginTs) {
      if (session.accountId !== auth.user.uid) session.authorizations = {};
      session.loginAccount({ accountId: auth.user.uid, loginTs, amr: ['swc'] });
    }
    return session;
  };
  client.compareClientSecret = async function compareHashed(actual) {
    const stored = Buffer.from(this.clientSecret ?? '', 'hex');
    const presented = sha256(actual);
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  };
}
